/* What Fast DDS 2.9's AESGCMGMAC_Transform does per protected message (read from its source),
 * timed one operation at a time: the session-key derivation (HMAC-SHA256 through
 * EVP_PKEY_new_mac_key + EVP_DigestSign*) done on every decode, and an AES-128-GCM context made,
 * initialised with the EVP_aes_128_gcm() placeholder (an implicit algorithm fetch in OpenSSL 3),
 * used on a 64-byte buffer and freed. Prints microseconds per operation. */
#include <openssl/evp.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static void session_key(unsigned char *out, const unsigned char *master, const unsigned char *source) {
    EVP_PKEY *key = EVP_PKEY_new_mac_key(EVP_PKEY_HMAC, NULL, master, 32);
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    size_t length = 32;
    EVP_DigestSignInit(ctx, NULL, EVP_sha256(), NULL, key);
    EVP_DigestSignUpdate(ctx, source, 32);
    EVP_DigestSignFinal(ctx, NULL, &length);
    EVP_DigestSignFinal(ctx, out, &length);
    EVP_PKEY_free(key);
    EVP_MD_CTX_free(ctx);
}

static void gcm_implicit(unsigned char *out, const unsigned char *key, const unsigned char *iv,
                         const unsigned char *plain) {
    int n = 0;
    unsigned char tag[16];
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    EVP_EncryptInit(ctx, EVP_aes_128_gcm(), key, iv);
    EVP_EncryptUpdate(ctx, out, &n, plain, 64);
    EVP_EncryptFinal(ctx, out + n, &n);
    EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, 16, tag);
    EVP_CIPHER_CTX_free(ctx);
}

static void gcm_prefetched(EVP_CIPHER *cipher, EVP_CIPHER_CTX *ctx, unsigned char *out, const unsigned char *key,
                           const unsigned char *iv, const unsigned char *plain) {
    int n = 0;
    unsigned char tag[16];
    EVP_EncryptInit_ex(ctx, cipher, NULL, key, iv);
    EVP_EncryptUpdate(ctx, out, &n, plain, 64);
    EVP_EncryptFinal_ex(ctx, out + n, &n);
    EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, 16, tag);
}

int main(void) {
    enum { N = 100000 };
    unsigned char master[32] = {1}, source[32] = {2}, key[32], iv[12] = {3}, plain[64] = {4}, out[96];
    double start = now_us();
    for (int i = 0; i < N; ++i) session_key(key, master, source);
    printf("session key (HMAC-SHA256 via EVP_PKEY_new_mac_key), as Fast DDS: %.2f us\n", (now_us() - start) / N);
    start = now_us();
    for (int i = 0; i < N; ++i) gcm_implicit(out, key, iv, plain);
    printf("AES-128-GCM 64 B, new context + implicit fetch, as Fast DDS:   %.2f us\n", (now_us() - start) / N);
    EVP_CIPHER *cipher = EVP_CIPHER_fetch(NULL, "AES-128-GCM", NULL);
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    start = now_us();
    for (int i = 0; i < N; ++i) gcm_prefetched(cipher, ctx, out, key, iv, plain);
    printf("AES-128-GCM 64 B, fetched once, context reused:                %.2f us\n", (now_us() - start) / N);
    return 0;
}
