#include "counted_path.h"
#include "pingpong.h"

#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <valgrind/callgrind.h>

static int counting;                        /* under valgrind: set once, read everywhere */
/* The runner counts the receive thread itself, by its functions' names (its collection is on from
 * the packet's read on when a listener runs): a reception there does not switch collection, and the
 * publisher's receive thread dumps its own counts (the runner sums a payload's threads). */
static int receive_thread_counted;
static _Thread_local int by_name;           /* this thread's reception is in the runner's region */
static _Thread_local int paused;            /* ... and the program switched it off for the rest */
static atomic_long expected;                /* publisher: the payload's samples; the last one's echo dumps */
static atomic_uint sampled_payload;
static atomic_int receive_dumped;           /* publisher: its receive thread dumped the payload's counts */
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
    const char *named = getenv(PINGPONG_RECEIVE_THREAD_COUNTED);
    receive_thread_counted = counting && named && named[0] == '1';
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
    if (!counting)
        return;
    if (receive_thread_counted && depth == 0) {  /* a listener on the receive thread, not nested in a write */
        depth++;
        by_name = 1;
        return;
    }
    begin(echo || atomic_load(&sampling));
}

void pingpong_count_end(void)
{
    if (!counting || --depth)
        return;
    if (by_name) {
        by_name = 0;
        if (paused) {  /* on again: the runner's toggle switches it off as the packet's function returns */
            paused = 0;
            CALLGRIND_TOGGLE_COLLECT;
        }
        return;
    }
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

/* The echo side took a message that was not a sample: it dumps what it counted since its last dump,
 * the payload's samples and this take, or this take alone (a repeated handshake ping). */
static void dump_echoed(void)
{
    char label[96];
    long samples = atomic_exchange(&echoed, 0);
    if (samples)
        snprintf(label, sizeof label, COUNTED_PATH_LABEL " payload=%u round-trips=%ld strays=0",
                 atomic_load(&echoed_payload), samples);
    else
        snprintf(label, sizeof label, COUNTED_PATH_LABEL " not-a-sample");
    CALLGRIND_DUMP_STATS_AT(label);
}

/* In the runner's region (by_name) the publisher's receive thread also dumps its own counts: it
 * discards what it counted before each payload's samples (the handshake's echoes and whatever came
 * before them) and dumps at its last sample's echo. */
int pingpong_count_taken(int echo, uint32_t seq, uint32_t payload)
{
    int runners = by_name && depth == 1;
    if (!counting || !(collecting || runners))
        return is_sample(seq);
    if (is_sample(seq)) {
        if (echo) {
            atomic_fetch_add(&echoed, 1);
            atomic_store(&echoed_payload, payload);
        } else if (runners && atomic_load(&sampling) && seq == (uint32_t)atomic_load(&expected)) {
            char label[96];
            snprintf(label, sizeof label, COUNTED_PATH_LABEL " payload=%u", atomic_load(&sampled_payload));
            CALLGRIND_DUMP_STATS_AT(label);
            atomic_store(&receive_dumped, 1);
        }
        return 1;
    }
    if (!echo) {
        if (!runners || atomic_load(&sampling))
            atomic_fetch_add(&strays, 1);
        else
            CALLGRIND_DUMP_STATS_AT(COUNTED_PATH_LABEL " not-a-sample");
        return 0;
    }
    /* the label and the rest of this region (the echo of a ping or of the stop) do not count */
    if (runners) {
        paused = 1;
        CALLGRIND_TOGGLE_COLLECT;
    } else {
        collect(0);
    }
    dump_echoed();
    return 0;
}

void pingpong_count_samples_begin(uint32_t payload, long samples)
{
    if (!counting)
        return;
    atomic_store(&sampled_payload, payload);
    atomic_store(&expected, samples);
    atomic_store(&receive_dumped, 0);
    atomic_store(&sampling, 1);
}

void pingpong_count_samples_end(uint32_t payload, long round_trips)
{
    if (!counting)
        return;
    atomic_store(&sampling, 0);
    /* Counted by name, the receive thread dumped at the last sample's echo, before it handed the
     * echo on; without that dump (the echo was lost or late) the payload's count lacks its
     * receptions: said as a stray, so that the runner refuses the run. */
    if (receive_thread_counted && !atomic_load(&receive_dumped))
        atomic_fetch_add(&strays, 1);
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
