/* The per-sample path of the project's latency programs, marked for valgrind's callgrind (the
 * code-path signal: scripts/latency_gate/runner/counting.py runs them with --collect-atstart=no).
 *
 * Collection is on inside a counted region only: the publisher's write of a sample, and the
 * reception of a message (its take; on the echo side, the echo's write too). A region nests
 * (Cyclone DDS delivers within a process synchronously: the echo side's reception runs inside
 * the publisher's write) and is per thread, as callgrind's collection state is.
 *
 * What a message is shows only once it has been taken: the handshake pings and the stop message
 * share the data topic (or socket) with the samples. So the echo side counts every reception and,
 * when it takes a message that is not a sample, dumps what it counted since its last dump: the
 * samples of a payload and that one message's take (the same message in every run: the next
 * payload's first ping, or the stop), or only that take (a repeated handshake ping: the dump
 * says so and is left out). The publisher counts its writes of samples and, while its samples
 * run, its receptions; at the end of a payload it dumps them. A message the publisher took while
 * counting that was not a sample (a handshake echo later than its timeout) is said in the dump,
 * and the runner refuses that run's counts.
 *
 * When the runner counts the receive thread itself, by its functions' names (Cyclone DDS's receive
 * path: it says so with PINGPONG_RECEIVE_THREAD_COUNTED=1 in the environment), a listener's reception
 * on that thread is inside the runner's region: it does not switch collection (a client request's
 * toggle would switch it off), and the publisher's receive thread dumps its own counts: the
 * handshake's echoes discard what came before, the last sample's echo dumps the payload's (the
 * runner sums a payload's threads, with --separate-threads=yes). The echo side switches collection
 * off for the rest of a listener that took a message that was not a sample, and on again at its end.
 *
 * Each dump's description is its label (COUNTED_PATH_LABEL below); the runner reads it. Natively
 * (not under valgrind) every call returns at once: valgrind's client requests are a few no-op
 * instructions, asked once (pingpong_count_init). */
#ifndef COUNTED_PATH_H
#define COUNTED_PATH_H

#include <stdint.h>

/* "latency-gate payload=<bytes> round-trips=<n> strays=<k>" or "latency-gate not-a-sample" */
#define COUNTED_PATH_LABEL "latency-gate"
/* "1": the runner counts the receive thread by its functions' names (see above) */
#define PINGPONG_RECEIVE_THREAD_COUNTED "PINGPONG_RECEIVE_THREAD_COUNTED"

void pingpong_count_init(void);             /* once, before any other thread starts */
int pingpong_counting(void);                 /* 1 under valgrind */
void pingpong_count_write(void);            /* the publisher's write of a sample begins: a region */
void pingpong_count_reception(int echo);    /* a reception begins: a region, counted on the echo side
                                               always, on the publisher's while its samples run */
/* Inside a reception, right after the take: 1 when it was a sample (counting goes on), else 0
 * (the echo side has dumped and stopped counting for the rest of the region). */
int pingpong_count_taken(int echo, uint32_t seq, uint32_t payload);
void pingpong_count_end(void);              /* the innermost region ends */
/* Inside a region: collection off while the thread waits for a message in a loop of its own (one
 * that goes round as often as the other side is late: the shared-memory ring's futex wait), on
 * again after it. A wait in one system call (poll, a DDS listener's) needs neither. */
void pingpong_count_wait_begin(void);
void pingpong_count_wait_end(void);
/* publisher: the handshake is done, the payload's samples (numbered 1 to samples) follow */
void pingpong_count_samples_begin(uint32_t payload, long samples);
/* publisher: the payload's samples are done; waits until no thread counts, then dumps (a stray
 * more when the receive thread, counted by name, did not dump the last sample's echo) */
void pingpong_count_samples_end(uint32_t payload, long round_trips);

#endif
