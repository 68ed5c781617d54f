#include "counted_path.h"
#include "pingpong.h"

#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <valgrind/callgrind.h>

static int counting;                        /* under valgrind: set once, read everywhere */
static _Thread_local int depth;             /* this thread's nested regions */
static _Thread_local int collecting;        /* this thread switched collection on */
static _Thread_local int waiting;           /* this thread switched it off for a wait */
static atomic_int collecting_threads;       /* threads with collection on: the publisher's dump waits */
static atomic_int sampling;                 /* publisher: its samples run */
static atomic_long echoed;                  /* echo side: samples counted since its last dump */
static atomic_uint echoed_payload;
static atomic_int strays;                   /* publisher: messages counted that were not samples */

void pingpong_count_init(void)
{
    counting = RUNNING_ON_VALGRIND ? 1 : 0;
}

int pingpong_counting(void)
{
    return counting;
}

static void collect(int on)
{
    if (collecting == on)
        return;
    collecting = on;
    atomic_fetch_add(&collecting_threads, on ? 1 : -1);
    CALLGRIND_TOGGLE_COLLECT;
}

static void begin(int counted)
{
    if (depth++ == 0 && counted)
        collect(1);
}

void pingpong_count_write(void)
{
    if (counting)
        begin(1);
}

void pingpong_count_reception(int echo)
{
    if (counting)
        begin(echo || atomic_load(&sampling));
}

void pingpong_count_end(void)
{
    if (counting && --depth == 0)
        collect(0);
}

void pingpong_count_wait_begin(void)
{
    if (counting && collecting) {
        waiting = 1;
        collect(0);
    }
}

void pingpong_count_wait_end(void)
{
    if (waiting) {
        waiting = 0;
        collect(1);
    }
}

static int is_sample(uint32_t seq)
{
    return seq != 0 && seq != PINGPONG_STOP;
}

int pingpong_count_taken(int echo, uint32_t seq, uint32_t payload)
{
    if (!counting || !collecting)
        return is_sample(seq);
    if (is_sample(seq)) {
        if (echo) {
            atomic_fetch_add(&echoed, 1);
            atomic_store(&echoed_payload, payload);
        }
        return 1;
    }
    if (!echo) {
        atomic_fetch_add(&strays, 1);
        return 0;
    }
    collect(0);  /* the label and the rest of this region (the echo of a ping or of the stop) do not count */
    char label[96];
    long samples = atomic_exchange(&echoed, 0);
    if (samples)
        snprintf(label, sizeof label, COUNTED_PATH_LABEL " payload=%u round-trips=%ld strays=0",
                 atomic_load(&echoed_payload), samples);
    else
        snprintf(label, sizeof label, COUNTED_PATH_LABEL " not-a-sample");
    CALLGRIND_DUMP_STATS_AT(label);
    return 0;
}

void pingpong_count_samples_begin(void)
{
    if (counting)
        atomic_store(&sampling, 1);
}

void pingpong_count_samples_end(uint32_t payload, long round_trips)
{
    if (!counting)
        return;
    atomic_store(&sampling, 0);
    /* The last echo's reception may still be finishing on the receive thread: its tail is this
     * payload's, not the next one's. */
    while (atomic_load(&collecting_threads))
        sched_yield();
    char label[96];
    snprintf(label, sizeof label, COUNTED_PATH_LABEL " payload=%u round-trips=%ld strays=%d", payload, round_trips,
             atomic_exchange(&strays, 0));
    atomic_store(&echoed, 0);  /* within one process (both), the echo side's samples are in this dump */
    CALLGRIND_DUMP_STATS_AT(label);
}
