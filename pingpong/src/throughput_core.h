/* The throughput core shared by the project's own throughput programs (CycloneThroughput,
 * MadaraThroughput): Fast DDS ThroughputTest's command line, demands and recoveries files,
 * method and CSV export, over a small driver (the middleware's part).
 *
 * The publisher runs the grid: for every payload of the demands file ("payload;demand;..." per
 * line) the driver readies a writer whose history holds the payload's largest demand (as
 * ThroughputTest sizes it), then for every demand and recovery time a case: TEST_STARTS,
 * acknowledged (the time that takes is taken off the subscriber's time, as ThroughputTest
 * does); bursts of `demand` samples, each followed by a rest of the recovery time minus the
 * burst's own time, until the test time is over; TEST_ENDS, acknowledged; the subscriber's
 * result. The subscriber counts (throughput_count) on its receive thread the samples of the
 * case it receives before TEST_ENDS. A row: the samples the publisher sent (its writes that
 * succeeded) over its time (first burst's start to last burst's end); those received over the
 * subscriber's time (TEST_STARTS to TEST_ENDS as it saw them, minus the TEST_STARTS
 * acknowledgement); lost: sent minus received (as Fast DDS 2.10's ThroughputTest counts them),
 * which counts the samples lost after the last one received too. The clock's own cost (two
 * reads a burst, ~50 ns) is not subtracted. */
#ifndef THROUGHPUT_CORE_H
#define THROUGHPUT_CORE_H

#include "pingpong.h"

#include <pthread.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {  /* MadaraThroughput (C++) drives the same core */
#endif

#define THROUGHPUT_MAX_DEMANDS 16
#define THROUGHPUT_MAX_RECOVERIES 16
#define THROUGHPUT_WAIT_S 20        /* ThroughputTest's limit on every acknowledgement and result */
#define THROUGHPUT_MATCH_WAIT_S 30  /* discovery, connection (and the DDS Security handshake) */

enum throughput_command { TEST_STARTS = 1, TEST_ENDS, TEST_RESULTS, ALL_STOPS };

typedef struct {
    uint32_t payload;
    uint32_t demands[THROUGHPUT_MAX_DEMANDS];
    int demand_count;
    uint32_t max_demand;
} throughput_payload;

typedef struct {
    const char *role, *config, *demands_file, *recoveries_file, *csv_file;
    const char *reliability;  /* reliable, best_effort, or NULL: not given (the program's default) */
    int domain, test_time_s;
    int write_batch;  /* CycloneThroughput: Cyclone's write batching (ddsperf turns it on; ThroughputTest has none) */
    throughput_payload payloads[PINGPONG_MAX_PAYLOADS];
    int payload_count;
    uint32_t recoveries_ms[THROUGHPUT_MAX_RECOVERIES];
    int recovery_count;
    uint32_t max_payload;
} throughput_options;

/* The subscriber's result of one case. */
typedef struct {
    uint64_t received;      /* the case's samples received before TEST_ENDS */
    uint64_t totaltime_us;  /* from TEST_STARTS to TEST_ENDS as the subscriber saw them */
} throughput_result;

/* The subscriber's count of one case, kept on its receive thread. */
typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    uint32_t base;              /* the last sequence number before the case's first */
    uint64_t received;
    double started_us;          /* TEST_STARTS seen */
    throughput_result result;   /* filled at TEST_ENDS */
    int result_pending, stopped;
} throughput_count;

void throughput_count_init(throughput_count *count);

/* A received sample's sequence number, with count->lock held (a driver takes samples in batches). */
static inline void throughput_count_sample(throughput_count *count, uint32_t seqnum)
{
    if (seqnum > count->base)  /* not a late one of an earlier case */
        ++count->received;
}

/* A command as the subscriber received it (takes the lock): TEST_STARTS starts a count at
 * seqnum, TEST_ENDS fills count->result, ALL_STOPS stops throughput_serve. */
void throughput_count_command(throughput_count *count, uint32_t command, uint32_t seqnum);

/* The subscriber's main thread until ALL_STOPS: each result, once pending, goes to
 * send_result (NULL: the driver answers on its receive thread). 0, or 1 after a failed send. */
int throughput_serve(throughput_count *count, int (*send_result)(void *side, const throughput_result *result),
                     void *side);

/* A middleware: opening a side, and the publisher's steps (each says why when it fails). */
typedef struct {
    void *(*open)(const throughput_options *options, enum pingpong_side side);  /* NULL: failed */
    /* The publisher's writer for a payload (its history holding max_demand), matched: 0, or -1. */
    int (*start_payload)(void *side, uint32_t payload, uint32_t max_demand);
    int (*write)(void *side, uint32_t seqnum);  /* 1 sent, 0 not sent (timed out), -1 failed */
    void (*end_burst)(void *side);              /* NULL: nothing is held back between bursts */
    void (*end_payload)(void *side);
    /* A command written and acknowledged by the subscriber: the microseconds that took, or -1.
     * TEST_ENDS reaches the subscriber after the samples written before it that arrive at all
     * (a reliable writer's acknowledged first): the case's count stops there. */
    double (*command)(void *side, enum throughput_command command, uint32_t seqnum);
    int (*result)(void *side, throughput_result *result);  /* after TEST_ENDS: 0, or -1 */
    int (*serve)(void *side);                              /* the subscriber, until ALL_STOPS: 0, or 1 */
    void (*close)(void *side);
} throughput_driver;

/* The driver for these options, or NULL after saying why (pingpong_fail): bad input. */
typedef const throughput_driver *(*throughput_choose_driver)(const throughput_options *options);

/* Parses the command line, runs the role ("both": the subscriber on a thread of its own);
 * returns the process's exit code (0 done, 1 run failure, 2 bad usage or input), with a
 * one-line reason on stderr. */
int throughput_main(int argc, char **argv, throughput_choose_driver choose, const char *program);

#ifdef __cplusplus
}
#endif

#endif
