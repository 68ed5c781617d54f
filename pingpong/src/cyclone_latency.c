/* CycloneLatency: LatencyTest's ping-pong on Cyclone DDS's C API. Topics latency_ping
 * (publisher to subscriber) and latency_pong (back); QoS as the vendor comparison's:
 * reliable or best effort (--reliability), keep-last 1, volatile. Transport, discovery
 * and DDS Security come from the Cyclone XML configuration (--config), the domain from
 * --domain. In `both`, the echo side is a second participant of the same process, which
 * Cyclone delivers to without the network.
 *
 * LatencyTest's method: both sides take samples in a data-available listener, on
 * Cyclone's receive thread. The subscriber echoes there; the publisher stamps the echo's
 * arrival there and hands it to its main thread. So a round trip costs the wake-ups of the
 * two receive threads only, as LatencyTest's (and ddsperf's default listener mode). */
#include "pingpong.h"
#include "PingPong.h"
#include "counted_path.h"
#include "cyclone_domain.h"

#include <dds/dds.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    dds_entity_t participant, writer, reader;
    int echo;                 /* the subscriber's side: echo in the listener */
    latency_PingPong sample;  /* what send writes */
    latency_PingPong reply;   /* what the echo writes back */
    pthread_mutex_t lock;     /* guards the mailbox below */
    pthread_cond_t arrived;
    int full, stopped;
    uint32_t seq, payload;
    double arrived_us;
} cyclone_side;

/* Cyclone's receive thread: take what arrived; echo it, or post it with its arrival time. The
 * takes and the echo are counted (counted_path.h), the hand-off to the main thread is not: how
 * much a condition variable costs depends on whether the other thread waits yet. */
static void on_data_available(dds_entity_t reader, void *opaque)
{
    cyclone_side *side = opaque;
    void *samples[1] = {NULL};
    dds_sample_info_t info;
    dds_return_t taken;
    int arrived = 0, stopped = 0;
    uint32_t seq = 0, payload = 0;
    double now = 0;
    pingpong_count_reception(side->echo);
    while ((taken = dds_take(reader, samples, &info, 1, 1)) > 0) {
        const latency_PingPong *sample = samples[0];
        if (info.valid_data) {
            now = pingpong_now_us();
            seq = sample->seqnum;
            payload = sample->data._length + 8;
            pingpong_count_taken(side->echo, seq, payload);
            if (side->echo) {  /* the stop message too: its echo tells the publisher this side ends */
                side->reply.seqnum = seq;
                side->reply.data._length = sample->data._length;
                dds_write(side->writer, &side->reply);
            }
            arrived = !side->echo || seq == PINGPONG_STOP;
            stopped |= side->echo && seq == PINGPONG_STOP;
        }
        dds_return_loan(reader, samples, taken);
    }
    pingpong_count_end();
    if (arrived) {
        pthread_mutex_lock(&side->lock);
        side->seq = seq;
        side->payload = payload;
        side->arrived_us = now;
        side->full = 1;  /* keep-last 1: an unread one is replaced */
        side->stopped |= stopped;
        pthread_cond_signal(&side->arrived);
        pthread_mutex_unlock(&side->lock);
    }
}

static void *cyclone_open(const pingpong_options *options, enum pingpong_side which)
{
    int reliable = !strcmp(options->reliability, "reliable");
    if (cyclone_create_domain(options->config, options->domain))
        return NULL;
    cyclone_side *side = calloc(1, sizeof *side);
    side->participant = dds_create_participant((dds_domainid_t)options->domain, NULL, NULL);
    if (side->participant < 0) {
        pingpong_fail("cannot create a participant in domain %d: %s (with DDS Security: an identity, "
                      "permission or governance the CA does not vouch for)",
                      options->domain, dds_strretcode(side->participant));
        free(side);
        return NULL;
    }
    dds_qos_t *qos = dds_create_qos();
    dds_qset_reliability(qos, reliable ? DDS_RELIABILITY_RELIABLE : DDS_RELIABILITY_BEST_EFFORT, DDS_SECS(1));
    dds_qset_history(qos, DDS_HISTORY_KEEP_LAST, 1);
    dds_qset_durability(qos, DDS_DURABILITY_VOLATILE);
    dds_entity_t ping = dds_create_topic(side->participant, &latency_PingPong_desc, "latency_ping", qos, NULL);
    dds_entity_t pong = dds_create_topic(side->participant, &latency_PingPong_desc, "latency_pong", qos, NULL);
    int publisher = which == PINGPONG_PUBLISHER;
    side->echo = !publisher;
    pthread_mutex_init(&side->lock, NULL);
    pthread_cond_init(&side->arrived, NULL);
    side->sample.data._buffer = calloc(1, options->max_payload);
    side->sample.data._maximum = options->max_payload;
    side->reply.data = side->sample.data;  /* the echo's data: same size, content not looked at */
    side->writer = dds_create_writer(side->participant, publisher ? ping : pong, qos, NULL);
    dds_listener_t *listener = dds_create_listener(side);
    dds_lset_data_available(listener, on_data_available);
    side->reader = dds_create_reader(side->participant, publisher ? pong : ping, qos, listener);
    dds_delete_listener(listener);
    dds_delete_qos(qos);
    if (ping < 0 || pong < 0 || side->writer < 0 || side->reader < 0) {
        pingpong_fail("cannot create the topics, writer or reader: %s (with DDS Security: permissions)",
                      dds_strretcode(side->writer < 0 ? side->writer : side->reader));
        dds_delete(side->participant);
        free(side->sample.data._buffer);
        free(side);
        return NULL;
    }
    return side;
}

static int cyclone_send(void *opaque, uint32_t seq, uint32_t payload)
{
    cyclone_side *side = opaque;
    side->sample.seqnum = seq;
    side->sample.data._length = payload - 8;
    dds_return_t status = dds_write(side->writer, &side->sample);
    if (status < 0 && status != DDS_RETCODE_TIMEOUT) {
        pingpong_fail("dds_write: %s", dds_strretcode(status));
        return -1;
    }
    return 0;
}

/* The publisher's side: wait for what the listener posted (its arrival time stamped there). */
static int cyclone_receive(void *opaque, int timeout_ms, uint32_t *seq, uint32_t *payload, double *arrived_us)
{
    cyclone_side *side = opaque;
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    long nanoseconds = deadline.tv_nsec + (long)(timeout_ms % 1000) * 1000000L;
    deadline.tv_sec += timeout_ms / 1000 + nanoseconds / 1000000000L;
    deadline.tv_nsec = nanoseconds % 1000000000L;
    pthread_mutex_lock(&side->lock);
    int waited = 0;
    while (!side->full && !waited)
        waited = timeout_ms < 0 ? pthread_cond_wait(&side->arrived, &side->lock)
                                : pthread_cond_timedwait(&side->arrived, &side->lock, &deadline);
    int got = side->full;
    if (got) {
        *seq = side->seq;
        *payload = side->payload;
        *arrived_us = side->arrived_us;
        side->full = 0;
    }
    pthread_mutex_unlock(&side->lock);
    return got;
}

/* The subscriber's side: the listener echoes; wait for the stop message. */
static int cyclone_serve(void *opaque)
{
    cyclone_side *side = opaque;
    pthread_mutex_lock(&side->lock);
    while (!side->stopped)
        pthread_cond_wait(&side->arrived, &side->lock);
    pthread_mutex_unlock(&side->lock);
    return 0;
}

static void cyclone_close(void *opaque)
{
    cyclone_side *side = opaque;
    dds_delete(side->participant);  /* a reliable writer lingers until its data is acknowledged */
    free(side->sample.data._buffer);
    free(side);
}

static const pingpong_driver *choose_cyclone(const pingpong_options *options)
{
    static const pingpong_driver cyclone = {cyclone_open, cyclone_send, cyclone_receive, cyclone_close,
                                            cyclone_serve};
    if (strcmp(options->reliability, "reliable") && strcmp(options->reliability, "best_effort")) {
        pingpong_fail("unknown reliability '%s' (reliable or best_effort)", options->reliability);
        return NULL;
    }
    return &cyclone;
}

int main(int argc, char **argv)
{
    return pingpong_main(argc, argv, choose_cyclone, "CycloneLatency");
}
