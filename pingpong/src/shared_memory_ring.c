#include "shared_memory_ring.h"
#include "counted_path.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define ATTACH_LIMIT_S 30
#define HEADER_BYTES 4096  /* the ring's header, a page: the slots start page-aligned */

typedef struct {
    _Atomic uint32_t ready;  /* the echo side has made the slots */
    _Atomic uint32_t ping;   /* futex word: messages the publisher wrote into the ping slot */
    _Atomic uint32_t pong;   /* futex word: messages the echo side wrote into the pong slot */
    uint32_t capacity;       /* bytes per slot */
} ring_header;

typedef struct {
    uint8_t *base;
    size_t size;
    int zero_copy;
    uint8_t *out, *in;              /* this side's slots: the one it writes, the one it reads */
    _Atomic uint32_t *written, *to_read;
    uint32_t seen;                  /* messages of the other side read so far */
    uint8_t *sample;                /* the copying side's own sample (the application's buffer) */
    enum pingpong_side which;
} ring_side;

static long futex(_Atomic uint32_t *word, int operation, uint32_t value, const struct timespec *timeout)
{
    return syscall(SYS_futex, (uint32_t *)word, operation, value, timeout, NULL, 0);
}

static void ring_name(const pingpong_options *options, char *name, size_t size)
{
    snprintf(name, size, "/latency-gate-floor-%d", options->port);
}

static void *ring_open(const pingpong_options *options, enum pingpong_side which)
{
    if (strcmp(options->role, "publisher") && strcmp(options->role, "subscriber")) {
        pingpong_fail("transport '%s' needs two processes (publisher and subscriber)", options->transport);
        return NULL;
    }
    char name[64];
    ring_name(options, name, sizeof name);
    ring_side *side = calloc(1, sizeof *side);
    if (!side)
        return NULL;
    side->zero_copy = !strcmp(options->transport, "zero_copy");
    side->which = which;
    side->size = HEADER_BYTES + 2 * (size_t)options->max_payload;
    int fd = -1;
    if (which == PINGPONG_SUBSCRIBER) {
        shm_unlink(name);  /* a killed run's */
        fd = shm_open(name, O_CREAT | O_EXCL | O_RDWR, 0600);
        if (fd < 0 || ftruncate(fd, (off_t)side->size)) {
            pingpong_fail("%s: cannot make the shared memory: %s", name, strerror(errno));
            if (fd >= 0) {  /* sized or not, never ready: a publisher would wait on it */
                close(fd);
                shm_unlink(name);
            }
            goto fail;
        }
    } else {
        struct timespec pause = {0, 10 * 1000 * 1000};
        for (int attempt = 0; attempt < ATTACH_LIMIT_S * 100 && fd < 0; ++attempt) {
            struct stat made;
            fd = shm_open(name, O_RDWR, 0);
            if (fd < 0 && errno != ENOENT) {  /* there, and never to be opened: say so now */
                pingpong_fail("%s: cannot open the echo side's shared memory: %s", name, strerror(errno));
                goto fail;
            }
            if (fd >= 0 && (fstat(fd, &made) || (size_t)made.st_size != side->size)) {
                close(fd);  /* not sized yet */
                fd = -1;
            }
            if (fd < 0)
                nanosleep(&pause, NULL);  /* the echo side has not made it yet */
        }
        if (fd < 0) {
            pingpong_fail("%s: no shared memory of the echo side within %d s", name, ATTACH_LIMIT_S);
            goto fail;
        }
    }
    side->base = mmap(NULL, side->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    if (side->base == MAP_FAILED) {
        side->base = NULL;
        pingpong_fail("%s: cannot map the shared memory: %s", name, strerror(errno));
        if (which == PINGPONG_SUBSCRIBER)
            shm_unlink(name);  /* never ready: a publisher would wait on it */
        goto fail;
    }
    ring_header *header = (ring_header *)side->base;
    uint8_t *ping = side->base + HEADER_BYTES, *pong = ping + options->max_payload;
    if (which == PINGPONG_SUBSCRIBER) {
        header->capacity = options->max_payload;
        atomic_store_explicit(&header->ready, 1, memory_order_release);
    } else {
        struct timespec pause = {0, 1000 * 1000};
        for (int waited_ms = 0; !atomic_load_explicit(&header->ready, memory_order_acquire); ++waited_ms) {
            if (waited_ms == ATTACH_LIMIT_S * 1000) {  /* the echo side failed between sizing and mapping it */
                pingpong_fail("%s: the echo side's shared memory not ready within %d s", name, ATTACH_LIMIT_S);
                munmap(side->base, side->size);
                goto fail;
            }
            nanosleep(&pause, NULL);
        }
        shm_unlink(name);  /* both sides have it mapped: nothing is left behind however they end */
    }
    int publisher = which == PINGPONG_PUBLISHER;
    side->out = publisher ? ping : pong;
    side->in = publisher ? pong : ping;
    side->written = publisher ? &header->ping : &header->pong;
    side->to_read = publisher ? &header->pong : &header->ping;
    side->seen = atomic_load_explicit(side->to_read, memory_order_acquire);
    side->sample = side->zero_copy ? NULL : calloc(1, options->max_payload);
    return side;
fail:
    free(side);
    return NULL;
}

static void put_header(uint8_t *message, uint32_t payload, uint32_t seq)
{
    memcpy(message, &payload, 4);
    memcpy(message + 4, &seq, 4);
}

static int ring_send(void *opaque, uint32_t seq, uint32_t payload)
{
    ring_side *side = opaque;
    if (side->zero_copy) {
        put_header(side->out, payload, seq);  /* the sample is in the slot already: loaned, written in place */
    } else {
        put_header(side->sample, payload, seq);
        memcpy(side->out, side->sample, payload);  /* copied into shared memory */
    }
    atomic_fetch_add_explicit(side->written, 1, memory_order_release);
    futex(side->written, FUTEX_WAKE, 1, NULL);
    return 0;
}

/* Waits until the other side has written a message: 1, 0 after timeout_ms (< 0: forever), -1 on error. */
static int ring_wait(ring_side *side, int timeout_ms)
{
    double deadline = pingpong_now_us() + timeout_ms * 1000.0;
    uint32_t now_written;
    while ((now_written = atomic_load_explicit(side->to_read, memory_order_acquire)) == side->seen) {
        struct timespec left, *wait = NULL;
        if (timeout_ms >= 0) {
            double remaining_us = deadline - pingpong_now_us();
            if (remaining_us <= 0)
                return 0;
            left.tv_sec = (time_t)(remaining_us / 1e6);
            left.tv_nsec = (long)((remaining_us - left.tv_sec * 1e6) * 1e3);
            wait = &left;
        }
        if (futex(side->to_read, FUTEX_WAIT, side->seen, wait) && errno != EAGAIN && errno != EINTR
            && errno != ETIMEDOUT) {
            pingpong_fail("futex wait: %s", strerror(errno));
            return -1;
        }
    }
    side->seen = now_written;  /* one message in flight at a time: the latest is the one */
    return 1;
}

static int ring_take(ring_side *side, int timeout_ms, uint32_t *seq, uint32_t *payload, double *arrived_us)
{
    pingpong_count_wait_begin();  /* how often the wait goes round is the other side's timing: not counted */
    int ready = ring_wait(side, timeout_ms);
    pingpong_count_wait_end();
    if (ready <= 0)
        return ready;
    const uint8_t *message = side->in;
    memcpy(payload, message, 4);
    if (*payload < 8 || *payload > ((ring_header *)side->base)->capacity) {
        pingpong_fail("bad message length %u in the shared memory", *payload);
        return -1;
    }
    if (!side->zero_copy) {
        memcpy(side->sample, side->in, *payload);  /* copied out of shared memory */
        message = side->sample;
    }
    *arrived_us = pingpong_now_us();
    memcpy(seq, message + 4, 4);
    if (side->which == PINGPONG_SUBSCRIBER)
        pingpong_echo_copy(side->in, *payload);
    return 1;
}

static int ring_receive(void *opaque, int timeout_ms, uint32_t *seq, uint32_t *payload, double *arrived_us)
{
    ring_side *side = opaque;
    int echo = side->which == PINGPONG_SUBSCRIBER;
    pingpong_count_reception(echo);
    int got = ring_take(side, timeout_ms, seq, payload, arrived_us);
    if (got > 0)
        pingpong_count_taken(echo, *seq, *payload);
    pingpong_count_end();
    return got;
}

static void ring_close(void *opaque)
{
    ring_side *side = opaque;
    munmap(side->base, side->size);
    free(side->sample);
    free(side);
}

const pingpong_driver *shared_memory_ring_driver(const char *transport)
{
    static const pingpong_driver ring = {ring_open, ring_send, ring_receive, ring_close, NULL};
    return !strcmp(transport, "shm") || !strcmp(transport, "zero_copy") ? &ring : NULL;
}
