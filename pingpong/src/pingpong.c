#include "pingpong.h"
#include "command_line.h"
#include "counted_path.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define ROUND_TRIP_LIMIT_MS 100   /* LatencyTest keeps no round trip longer than this */
/* Under valgrind (counted, ~50x slower): a handshake echo later than the limit would arrive while
 * the samples are counted (counted_path.h); no latency of such a run is looked at. */
#define COUNTED_ROUND_TRIP_LIMIT_MS 2000
#define HANDSHAKE_LIMIT_S 30      /* discovery and connection before the first payload */
#define STOP_ATTEMPTS 20          /* the stop message is echoed; best effort may lose some */

static int round_trip_limit_ms = ROUND_TRIP_LIMIT_MS;

#ifdef LATENCY_GATE_ECHO_STATES
/* A state per run, as a middleware's allocator or hash table takes one (the code-path gate's tests:
 * tests/socket_gates.py): a gate's rounds (.../runs/round-NN/<build>/ in the raw data's path, which
 * the intra-process program and the publisher are given) alternate between two echo paths, the pull
 * request's out of step with the base's. */
static int echo_state;

static void choose_echo_state(const char *raw_file)
{
    const char *round = NULL;
    for (const char *found = raw_file; found && (found = strstr(found, "/runs/round-")); ++found)
        round = found;  /* the last: the gate's own, whatever the directories above it are called */
    if (round)
        echo_state = (int)((strtol(round + 12, NULL, 10) + (strstr(round, "/pr/") != NULL)) % 2);
}
#endif

void pingpong_echo_copy(const void *sample, uint32_t size)
{
#ifdef LATENCY_GATE_ECHO_STATES
    for (volatile int step = 0; echo_state && step < 64; ++step)
        ;
#endif
#ifdef LATENCY_GATE_ECHO_COPY
    static uint8_t *scratch;
    static uint32_t capacity;
    if (size > capacity) {
        free(scratch);
        scratch = malloc(size);
        capacity = size;
    }
    memcpy(scratch, sample, size);
    __asm__ volatile("" : : "r"(scratch) : "memory");  /* the copy is kept */
#else
    (void)sample;
    (void)size;
#endif
#ifdef LATENCY_GATE_ECHO_ALLOCATES
    void *allocated = malloc(16);
    __asm__ volatile("" : : "r"(allocated) : "memory");  /* the allocation is kept until here */
    free(allocated);
#endif
}

double pingpong_now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The cost of one clock read, subtracted from each sample. LatencyTest takes the mean of one run of
 * 1001 reads (about 25 us here): one interrupt or preemption inside it inflates the cost several
 * times over, and the floor's in-process copy (about 0.04 us a round trip) then records every sample
 * as 0 (a clean-clone CI run under load did). The median of 21 runs of 100 reads each ignores the
 * few runs a disturbance falls in. */
static double clock_overhead_us(void)
{
    enum { BATCHES = 21, READS = 100 };
    double per_read[BATCHES];
    for (int b = 0; b < BATCHES; ++b) {
        double start = pingpong_now_us(), end = start;
        for (int i = 0; i < READS; ++i)
            end = pingpong_now_us();
        per_read[b] = (end - start) / READS;
    }
    qsort(per_read, BATCHES, sizeof per_read[0], by_value);
    return per_read[BATCHES / 2];
}

static int usage(void)
{
    fprintf(stderr,
            "usage: %s publisher|subscriber|both --samples N --file DEMANDS [--export_raw_data CSV]\n"
            "       [--domain D] [--transport udp|tcp|memory --address IPv4 --port P]\n"
            "       [--reliability reliable|best_effort] [--config XML]\n", pingpong_program_name());
    return 2;
}

static int read_demands(pingpong_options *options)
{
    FILE *file = fopen(options->demands_file, "r");
    if (!file) {
        pingpong_fail("%s: cannot read the payload file: %s", options->demands_file, strerror(errno));
        return -1;
    }
    char text[4096];
    size_t length = fread(text, 1, sizeof text - 1, file);
    int longer = fgetc(file) != EOF;
    fclose(file);
    if (longer) {  /* cut, its last payload could read as another size */
        pingpong_fail("%s: longer than %zu bytes", options->demands_file, sizeof text - 1);
        return -1;
    }
    text[length] = '\0';
    for (char *token = strtok(text, "; \r\n"); token; token = strtok(NULL, "; \r\n")) {
        char *end;
        long value = strtol(token, &end, 10);
        if (*end || value < 16 || value > PINGPONG_MAX_PAYLOAD || options->payload_count == PINGPONG_MAX_PAYLOADS) {
            pingpong_fail("%s: bad payload '%s' (16 to %u bytes, at most %d payloads)",
                          options->demands_file, token, PINGPONG_MAX_PAYLOAD, PINGPONG_MAX_PAYLOADS);
            return -1;
        }
        options->payloads[options->payload_count++] = (uint32_t)value;
        if ((uint32_t)value > options->max_payload)
            options->max_payload = (uint32_t)value;
    }
    if (!options->payload_count) {
        pingpong_fail("%s: no payloads", options->demands_file);
        return -1;
    }
    return 0;
}

static int parse(int argc, char **argv, pingpong_options *options)
{
    memset(options, 0, sizeof *options);
    options->samples = 10000;
    options->transport = "udp";
    options->address = "127.0.0.1";
    options->reliability = "reliable";
    const command_line_option table[] = {  /* --samples: their sequence numbers stay below PINGPONG_STOP */
        {"--samples", COMMAND_LINE_LONG, &options->samples, 1, PINGPONG_STOP - 1, NULL},
        {"--export_raw_data", COMMAND_LINE_TEXT, &options->raw_file, 0, 0, NULL},
        {"--transport", COMMAND_LINE_TEXT, &options->transport, 0, 0, NULL},
        {"--address", COMMAND_LINE_TEXT, &options->address, 0, 0, NULL},
        {"--port", COMMAND_LINE_INT, &options->port, 1, 65535, NULL},
        COMMAND_LINE_COMMON_OPTIONS(options),
    };
    if (command_line_parse(argc, argv, &options->role, table, sizeof table / sizeof *table, usage))
        return 2;
    if (!options->demands_file) {
        pingpong_fail("--file DEMANDS is required");
        return usage();
    }
#ifdef LATENCY_GATE_ECHO_STATES
    choose_echo_state(options->raw_file);
#endif
    return read_demands(options) ? 2 : 0;
}

/* Ping until one echo comes back: both sides have found each other. */
static int handshake(const pingpong_driver *driver, void *side, uint32_t payload)
{
    double deadline = pingpong_now_us() + HANDSHAKE_LIMIT_S * 1e6, arrived;
    uint32_t seq, size;
    while (pingpong_now_us() < deadline) {
        if (driver->send(side, 0, payload))
            return -1;
        int got = driver->receive(side, round_trip_limit_ms, &seq, &size, &arrived);
        if (got < 0)
            return -1;
        if (got && seq == 0)
            return 0;
    }
    pingpong_fail("no echo within %d s: the subscriber is not there", HANDSHAKE_LIMIT_S);
    return -1;
}

/* Tell the echo side to end and wait for it to say so (its echo of the stop message), so
 * that it exits by itself, not by the runner's kill. */
static void stop(const pingpong_driver *driver, void *side, uint32_t payload)
{
    for (int attempt = 0; attempt < STOP_ATTEMPTS; ++attempt) {
        uint32_t seq, size;
        double arrived;
        if (driver->send(side, PINGPONG_STOP, payload))
            return;
        int got;
        while ((got = driver->receive(side, round_trip_limit_ms, &seq, &size, &arrived)) > 0)
            if (seq == PINGPONG_STOP)
                return;
        if (got < 0)
            return;  /* the echo side is gone: the TCP connection closed after its echo */
    }
}

static int run_publisher(const pingpong_driver *driver, void *side, const pingpong_options *options)
{
    FILE *raw = NULL;
    if (options->raw_file) {
        raw = fopen(options->raw_file, "w");
        if (!raw) {
            pingpong_fail("%s: cannot write the raw data: %s", options->raw_file, strerror(errno));
            return 1;
        }
        fprintf(raw, "Sample,Payload [Bytes],Latency [us]\n");
    }
    double *latencies = malloc(sizeof(double) * options->samples);
    if (!latencies) {
        pingpong_fail("--samples %ld: cannot hold that many latencies in memory", options->samples);
        if (raw)
            fclose(raw);
        return 1;
    }
    double overhead = clock_overhead_us();
    long exported = 0;
    int status = 0;
    printf("Overhead %.6f us\n", overhead);
    for (int p = 0; p < options->payload_count && !status; ++p) {
        uint32_t payload = options->payloads[p];
        if (handshake(driver, side, payload)) {
            status = 1;
            break;
        }
        long kept = 0, sent = 0;
        pingpong_count_samples_begin(payload, options->samples);
        for (uint32_t i = 1; i <= (uint32_t)options->samples; ++i) {
            double start = pingpong_now_us();
            pingpong_count_write();
            int failed = driver->send(side, i, payload);
            pingpong_count_end();
            if (failed) {
                status = 1;
                break;
            }
            ++sent;
            for (;;) {
                int left_ms = round_trip_limit_ms - (int)((pingpong_now_us() - start) / 1000.0);
                uint32_t seq, size;
                double arrived;
                int got = left_ms > 0 ? driver->receive(side, left_ms, &seq, &size, &arrived) : 0;
                if (got < 0)
                    status = 1;
                if (got <= 0)
                    break;  /* lost, late or failed: nothing recorded, as LatencyTest */
                if (seq == i) {
                    /* LatencyTest drops a sample at or below zero; only the floor's in-process copy
                     * comes that close to the clock's own cost, and dropping would bias it upwards:
                     * it is kept as 0 (below what the clock resolves). */
                    double latency = (arrived - start) / 2.0 - overhead;
                    latencies[kept++] = latency > 0 ? latency : 0.0;
                    break;
                }
            }
            if (status)
                break;
        }
        pingpong_count_samples_end(payload, sent);
        printf("%u bytes: %ld of %ld samples\n", payload, kept, options->samples);
        fflush(stdout);
        for (long k = 0; raw && k < kept; ++k)
            fprintf(raw, "%ld,%u,%.3f\n", ++exported, payload, latencies[k]);
    }
    stop(driver, side, options->payloads[0]);
    free(latencies);
    if (raw && fclose(raw)) {
        pingpong_fail("%s: cannot write the raw data: %s", options->raw_file, strerror(errno));
        status = 1;
    }
    return status;
}

static int run_echo(const pingpong_driver *driver, void *side)
{
    if (driver->serve)
        return driver->serve(side);
    for (;;) {
        uint32_t seq, payload;
        double arrived;
        pingpong_count_reception(1);  /* the take and the echo's write */
        int got = driver->receive(side, -1, &seq, &payload, &arrived);
        if (got > 0 && driver->send(side, seq, payload))
            got = -1;
        pingpong_count_end();
        if (got < 0)
            return 1;
        if (got && seq == PINGPONG_STOP)
            return 0;
    }
}

typedef struct {
    const pingpong_driver *driver;
    const pingpong_options *options;
    int status;
} echo_thread_arguments;

/* The process ends at once, its output flushed, without the exit handlers' teardown. */
static void end_now(int status)
{
    fflush(stdout);
    fflush(stderr);
    _exit(status);
}

/* Under valgrind (counted) the process ends without tearing its middleware down: teardown never
 * counts, every payload has been dumped, and Cyclone DDS with DDS Security crashed in it under
 * valgrind (SIGSEGV in OpenSSL's EVP_MAC_fetch, from crypto_calculate_session_key on the receive
 * thread while the participant was deleted), failing runs whose counts were complete. */
static void counted_exit(int status)
{
    if (pingpong_counting())
        end_now(status);
}

static void *echo_thread(void *opaque)
{
    echo_thread_arguments *arguments = opaque;
    void *side = arguments->driver->open(arguments->options, PINGPONG_SUBSCRIBER);
    arguments->status = side ? run_echo(arguments->driver, side) : 1;
    if (side)
        arguments->driver->close(side);
    return NULL;
}

int pingpong_start_second_side(pingpong_second_side *side, const char *role, void *(*body)(void *), void *arguments,
                               const char *what)
{
    side->started = 0;
    if (strcmp(role, "both"))
        return 0;
    if (pthread_create(&side->thread, NULL, body, arguments)) {
        pingpong_fail("cannot start %s", what);
        return 1;
    }
    side->started = 1;
    return 0;
}

void pingpong_join_second_side(pingpong_second_side *side, int status)
{
    if (side->started && status) {
        /* The other side waits for a stop that will not come: the process ends here, not through an
         * exit whose teardown runs under that side's feet (inside Cyclone DDS it crashed, 2 runs in 24). */
        end_now(status);
    }
    if (side->started)
        pthread_join(side->thread, NULL);
}

int pingpong_main(int argc, char **argv, pingpong_choose_driver choose, const char *program)
{
    pingpong_name_program(program);
    pingpong_count_init();
    if (pingpong_counting())
        round_trip_limit_ms = COUNTED_ROUND_TRIP_LIMIT_MS;
    pingpong_options options;
    int status = parse(argc, argv, &options);
    if (status)
        return status;
    const pingpong_driver *driver = choose(&options);
    if (!driver)
        return 2;
    if (!strcmp(options.role, "subscriber")) {
        void *side = driver->open(&options, PINGPONG_SUBSCRIBER);
        if (!side)
            return 1;
        status = run_echo(driver, side);
        counted_exit(status);
        driver->close(side);
        return status;
    }
    echo_thread_arguments echo = {driver, &options, 0};
    pingpong_second_side echo_side;  /* it ends on the stop message */
    if (pingpong_start_second_side(&echo_side, options.role, echo_thread, &echo, "the echo thread"))
        return 1;
    void *side = driver->open(&options, PINGPONG_PUBLISHER);
    status = side ? run_publisher(driver, side, &options) : 1;
    pingpong_join_second_side(&echo_side, status);
    status = status ? status : echo.status;
    counted_exit(status);
    if (side)
        driver->close(side);
    return status;
}
