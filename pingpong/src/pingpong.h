/* The ping-pong core shared by the project's own latency programs (SocketLatency, the
 * raw-socket floor, CycloneLatency and MadaraLatency): LatencyTest's command line and raw data export,
 * its method (round trip / 2 minus the clock's own cost, nothing recorded for a round trip
 * over 100 ms), and a transport-neutral publisher and echo loop over a small driver. */
#ifndef PINGPONG_H
#define PINGPONG_H

#include "command_line.h"  /* pingpong_fail, for every program of the library */

#include <pthread.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {  /* MadaraLatency (C++) drives the same core */
#endif

#define PINGPONG_MAX_PAYLOADS 64
#define PINGPONG_MAX_PAYLOAD (64u << 20)  /* bytes; a middleware may carry less */
#define PINGPONG_STOP UINT32_MAX  /* sequence number that ends the echo side */

typedef struct {
    const char *role;          /* publisher, subscriber or both */
    long samples;
    const char *demands_file;  /* LatencyTest's payload list: "16;32;...;" */
    const char *raw_file;      /* LatencyTest's --export_raw_data */
    int domain;
    const char *transport;     /* SocketLatency: udp, tcp or memory */
    const char *address;       /* SocketLatency: the subscriber's IPv4 address */
    int port;                  /* SocketLatency: the subscriber's port */
    const char *reliability;   /* CycloneLatency: reliable or best_effort */
    const char *config;        /* XML: Cyclone DDS configuration (CycloneLatency), MADARA settings (MadaraLatency) */
    uint32_t payloads[PINGPONG_MAX_PAYLOADS];
    int payload_count;
    uint32_t max_payload;
} pingpong_options;

enum pingpong_side { PINGPONG_PUBLISHER, PINGPONG_SUBSCRIBER };

/* A transport: open one side, send a message of `payload` bytes carrying `seq`, receive
 * one (1: got it, 0: nothing within timeout_ms, -1: error; timeout_ms < 0 waits forever)
 * with the time it arrived (pingpong_now_us() when it was taken off the transport: a driver
 * whose messages arrive on a thread of its own stamps them there, as LatencyTest does).
 * serve, if not NULL, is the echo side's loop instead of receive-and-send: it returns 0
 * after the stop message (a driver that echoes on its own receive thread). */
typedef struct {
    void *(*open)(const pingpong_options *options, enum pingpong_side side);
    int (*send)(void *side, uint32_t seq, uint32_t payload);
    int (*receive)(void *side, int timeout_ms, uint32_t *seq, uint32_t *payload, double *arrived_us);
    void (*close)(void *side);
    int (*serve)(void *side);
} pingpong_driver;

double pingpong_now_us(void);  /* CLOCK_MONOTONIC */

/* The driver for these options, or NULL after saying why (pingpong_fail). */
typedef const pingpong_driver *(*pingpong_choose_driver)(const pingpong_options *options);

/* Parses the command line, runs the role; returns the process's exit code (0 done,
 * 1 run failure, 2 bad usage or input), with a one-line reason on stderr. */
int pingpong_main(int argc, char **argv, pingpong_choose_driver choose, const char *program);

/* The echo side calls this with each sample it received. Built with LATENCY_GATE_ECHO_COPY (CMake
 * option, for the benchmarks that calibrate a gate: benchmarks/shared_memory_gate.py) it copies the
 * sample once more, a slowdown that grows with the payload; with LATENCY_GATE_ECHO_ALLOCATES (the
 * code-path gate's tests: tests/socket_gates.py) it allocates and frees 16 bytes; with
 * LATENCY_GATE_ECHO_STATES (the same tests) a gate's intra-process runs alternate between two echo
 * paths by round, as a middleware's per-run states do; otherwise it does nothing. */
void pingpong_echo_copy(const void *sample, uint32_t size);

/* The role `both`: the second side of one process (the echo, or the throughput subscriber), on a
 * thread of its own that the middleware delivers to without the network. */
typedef struct {
    pthread_t thread;
    int started;
} pingpong_second_side;

/* Starts body(arguments) as the second side when `role` is both; nonzero after saying it cannot
 * (`what`: how the error names the thread). */
int pingpong_start_second_side(pingpong_second_side *side, const char *role, void *(*body)(void *), void *arguments,
                               const char *what);
/* Waits for the second side once the publisher's side ended with `status` 0; after a failure it
 * ends with the process. */
void pingpong_join_second_side(pingpong_second_side *side, int status);


#ifdef __cplusplus
}
#endif

#endif
