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
 * two receive threads only, as LatencyTest's (and ddsperf's default listener mode).
 *
 * --transport shm|zero_copy: the shared-memory family, through iceoryx (the configuration enables
 * SharedMemory; the runner runs RouDi). Cyclone DDS 0.10 puts only samples of a fixed size in
 * shared memory, so each payload has topics of its own (latency_ping_<N>, latency_pong_<N>) whose
 * type is made here: a 4-byte sequence number and N - 4 octets. shm: dds_write copies the sample
 * into an iceoryx chunk and dds_take copies it out; zero_copy: the sample is loaned
 * (dds_loan_sample), written in place, and taken as the chunk itself (dds_takecdr: Cyclone 0.10's
 * dds_take would copy it out of the chunk even into a loan). Where Cyclone does not give shared
 * memory (or a loan) for a topic, or a sample arrives without it, the program fails: the member
 * never falls back to the network unnoticed. */
#include "pingpong.h"
#include "PingPong.h"
#include "counted_path.h"
#include "cyclone_domain.h"

#include <dds/dds.h>
#include <dds/ddsc/dds_loan_api.h>
#include <dds/ddsi/ddsi_serdata.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A payload of N bytes is N bytes serialized, as LatencyTest's: the 4-byte encapsulation header,
 * the sequence number, the octet sequence's length and N - 12 octets (LatencyTest: the header,
 * its sequence number, its bounce field and N - 12 bytes). */
#define SAMPLE_OVERHEAD 12u

enum cyclone_transport { NETWORK, SHARED_MEMORY_COPY, SHARED_MEMORY_ZERO_COPY };

struct cyclone_side;

typedef struct {  /* one payload's topics in shared memory */
    struct cyclone_side *side;
    uint32_t payload;
    dds_topic_descriptor_t *type;
    dds_entity_t writer, reader;
    void *sample, *reply;  /* shm: what send writes, what the echo writes back */
} fixed_endpoints;

typedef struct cyclone_side {
    dds_entity_t participant, writer, reader;
    enum cyclone_transport transport;
    int echo;                 /* the subscriber's side: echo in the listener */
    latency_PingPong sample;  /* what send writes */
    latency_PingPong reply;   /* what the echo writes back */
    fixed_endpoints fixed[PINGPONG_MAX_PAYLOADS];
    int fixed_count;
    pthread_mutex_t lock;     /* guards the mailbox below */
    pthread_cond_t arrived;
    int full, stopped, failed;
    uint32_t seq, payload;
    double arrived_us;
} cyclone_side;

/* What a listener's takes leave for the main thread. The takes and the echo are counted
 * (counted_path.h); the hand-off is not: how much a condition variable costs depends on whether the
 * other thread waits yet. */
typedef struct {
    int arrived, stopped, failed;
    uint32_t seq, payload;
    double arrived_us;
} taken_messages;

/* A message taken (and told to counted_path.h): the echo side writes it back (the stop message too:
 * its echo tells the publisher this side ends); the publisher keeps it, with its arrival time, for
 * the hand-off. */
static void took(cyclone_side *side, taken_messages *taken, uint32_t seq, uint32_t payload, double now,
                 int (*echo)(void *, uint32_t), void *echo_argument)
{
    if (side->echo && echo(echo_argument, seq)) {
        taken->failed = 1;
        return;
    }
    if (!side->echo || seq == PINGPONG_STOP) {
        taken->arrived = 1;
        taken->seq = seq;
        taken->payload = payload;
        taken->arrived_us = now;
        taken->stopped |= side->echo;
    }
}

/* After the counted region: post what arrived (keep-last 1: an unread one is replaced), or a failure. */
static void hand_off(cyclone_side *side, const taken_messages *taken)
{
    if (!taken->arrived && !taken->failed)
        return;
    pthread_mutex_lock(&side->lock);
    if (taken->arrived) {
        side->seq = taken->seq;
        side->payload = taken->payload;
        side->arrived_us = taken->arrived_us;
        side->full = 1;
        side->stopped |= taken->stopped;
    }
    side->failed |= taken->failed;
    pthread_cond_signal(&side->arrived);
    pthread_mutex_unlock(&side->lock);
}

/* An echo's write that fails is a lost sample to the publisher, as over the network; only an echo
 * that cannot be made (no loan) fails the run. */
static int echo_network(void *opaque, uint32_t seq)
{
    cyclone_side *side = opaque;
    side->reply.seqnum = seq;
    dds_write(side->writer, &side->reply);
    return 0;
}

/* Cyclone's receive thread: take what arrived; echo it, or post it with its arrival time. */
static void on_data_available(dds_entity_t reader, void *opaque)
{
    cyclone_side *side = opaque;
    void *samples[1] = {NULL};
    dds_sample_info_t info;
    dds_return_t count;
    taken_messages taken = {0};
    pingpong_count_reception(side->echo);
    while ((count = dds_take(reader, samples, &info, 1, 1)) > 0) {
        const latency_PingPong *sample = samples[0];
        if (info.valid_data && side->echo && sample->data._length > side->reply.data._maximum) {
            /* Not from this run's publisher (another writer in the domain, or another payloads file):
             * echoed, it would send the heap beyond the echo's buffer. */
            pingpong_fail("a sample of %u bytes of data, more than the payloads file's largest (%u)",
                          sample->data._length, side->reply.data._maximum);
            taken.failed = 1;
        } else if (info.valid_data) {
            double now = pingpong_now_us();
            pingpong_count_taken(side->echo, sample->seqnum, sample->data._length + SAMPLE_OVERHEAD);
            if (side->echo) {
                pingpong_echo_copy(sample->data._buffer, sample->data._length);
                side->reply.data._length = sample->data._length;
            }
            took(side, &taken, sample->seqnum, sample->data._length + SAMPLE_OVERHEAD, now, echo_network, side);
        }
        dds_return_loan(reader, samples, count);
    }
    pingpong_count_end();
    hand_off(side, &taken);
}

/* shm: a sample of a fixed size, written with dds_write (copied into an iceoryx chunk). */
static int echo_copy(void *opaque, uint32_t seq)
{
    fixed_endpoints *fixed = opaque;
    memcpy(fixed->reply, &seq, 4);
    dds_write(fixed->writer, fixed->reply);
    return 0;
}

/* zero_copy: a loaned sample, its sequence number written in place (the rest is not looked at). */
static int write_loaned(fixed_endpoints *fixed, uint32_t seq)
{
    void *loan = NULL;
    if (dds_loan_sample(fixed->writer, &loan) != DDS_RETCODE_OK || !loan) {
        pingpong_fail("dds_loan_sample: no loan for payload %u", fixed->payload);
        return -1;
    }
    memcpy(loan, &seq, 4);
    dds_return_t status = dds_write(fixed->writer, loan);
    if (status < 0 && status != DDS_RETCODE_TIMEOUT) {
        pingpong_fail("dds_write of a loan: %s", dds_strretcode(status));
        return -1;
    }
    return 0;
}

static int echo_loaned(void *opaque, uint32_t seq)
{
    return write_loaned(opaque, seq);
}

static void on_fixed_available(dds_entity_t reader, void *opaque)
{
    fixed_endpoints *fixed = opaque;
    cyclone_side *side = fixed->side;
    taken_messages taken = {0};
    pingpong_count_reception(side->echo);
    if (side->transport == SHARED_MEMORY_COPY) {
        void *samples[1] = {NULL};
        dds_sample_info_t info;
        dds_return_t count;
        while ((count = dds_take(reader, samples, &info, 1, 1)) > 0) {  /* copied out of the chunk */
            if (info.valid_data) {
                double now = pingpong_now_us();
                uint32_t seq;
                memcpy(&seq, samples[0], 4);
                pingpong_count_taken(side->echo, seq, fixed->payload);
                if (side->echo)
                    pingpong_echo_copy(samples[0], fixed->payload);
                took(side, &taken, seq, fixed->payload, now, echo_copy, fixed);
            }
            dds_return_loan(reader, samples, count);
        }
    } else {
        struct ddsi_serdata *data = NULL;
        dds_sample_info_t info;
        while (dds_takecdr(reader, &data, 1, &info, 0) > 0) {  /* the chunk itself */
            if (info.valid_data && !data->iox_chunk) {
                pingpong_fail("payload %u: a sample arrived without shared memory (not through iceoryx)",
                              fixed->payload);
                taken.failed = 1;
            } else if (info.valid_data) {
                double now = pingpong_now_us();
                uint32_t seq;
                memcpy(&seq, data->iox_chunk, 4);
                pingpong_count_taken(side->echo, seq, fixed->payload);
                if (side->echo)
                    pingpong_echo_copy(data->iox_chunk, fixed->payload);
                took(side, &taken, seq, fixed->payload, now, echo_loaned, fixed);
            }
            ddsi_serdata_unref(data);
        }
    }
    pingpong_count_end();
    hand_off(side, &taken);
}

/* The fixed-size type of a payload: a 4-byte sequence number and payload - 4 octets (Cyclone DDS's
 * marshalling ops, as idlc would write them for `@final struct { uint32 seqnum; octet data[N-4]; }`). */
static dds_topic_descriptor_t *fixed_type(uint32_t payload)
{
    uint32_t *ops = malloc(6 * sizeof *ops);
    uint32_t model_ops[] = {DDS_OP_ADR | DDS_OP_TYPE_4BY, 0, DDS_OP_ADR | DDS_OP_TYPE_ARR | DDS_OP_SUBTYPE_1BY, 4,
                            payload - 4, DDS_OP_RTS};
    memcpy(ops, model_ops, sizeof model_ops);
    char *name = malloc(32);
    snprintf(name, 32, "latency::Fixed%u", payload);
    dds_topic_descriptor_t model = {
        .m_size = (payload + 3) & ~3u, .m_align = 4, .m_flagset = DDS_TOPIC_FIXED_SIZE, .m_nkeys = 0,
        .m_typename = name, .m_keys = NULL, .m_nops = 3, .m_ops = ops, .m_meta = "",
    };
    dds_topic_descriptor_t *type = malloc(sizeof *type);
    memcpy(type, &model, sizeof model);
    return type;
}

static void free_fixed_type(dds_topic_descriptor_t *type)
{
    free((void *)type->m_ops);
    free((void *)type->m_typename);
    free(type);
}

/* Each payload's topics, writer and reader in shared memory; -1 (after saying why) when Cyclone does
 * not give them shared memory, or loans for zero_copy. */
static int open_fixed(cyclone_side *side, const pingpong_options *options, const dds_qos_t *qos, int publisher)
{
    for (int p = 0; p < options->payload_count; ++p) {
        fixed_endpoints *fixed = &side->fixed[side->fixed_count++];
        fixed->side = side;
        fixed->payload = options->payloads[p];
        fixed->type = fixed_type(fixed->payload);
        char ping_name[64], pong_name[64];
        snprintf(ping_name, sizeof ping_name, "latency_ping_%u", fixed->payload);
        snprintf(pong_name, sizeof pong_name, "latency_pong_%u", fixed->payload);
        dds_entity_t ping = dds_create_topic(side->participant, fixed->type, ping_name, qos, NULL);
        dds_entity_t pong = dds_create_topic(side->participant, fixed->type, pong_name, qos, NULL);
        fixed->writer = dds_create_writer(side->participant, publisher ? ping : pong, qos, NULL);
        dds_listener_t *listener = dds_create_listener(fixed);
        dds_lset_data_available(listener, on_fixed_available);
        fixed->reader = dds_create_reader(side->participant, publisher ? pong : ping, qos, listener);
        dds_delete_listener(listener);
        if (ping < 0 || pong < 0 || fixed->writer < 0 || fixed->reader < 0) {
            pingpong_fail("payload %u: cannot create the topics, writer or reader: %s", fixed->payload,
                          dds_strretcode(fixed->writer < 0 ? fixed->writer : fixed->reader));
            return -1;
        }
        if (!dds_is_shared_memory_available(fixed->writer) || !dds_is_shared_memory_available(fixed->reader)) {
            pingpong_fail("payload %u: Cyclone DDS gives this writer or reader no shared memory (SharedMemory not "
                          "enabled in the configuration, or no RouDi)", fixed->payload);
            return -1;
        }
        if (side->transport == SHARED_MEMORY_ZERO_COPY && !dds_is_loan_available(fixed->writer)) {
            pingpong_fail("payload %u: Cyclone DDS lends this writer no samples", fixed->payload);
            return -1;
        }
        fixed->sample = calloc(1, fixed->type->m_size);
        fixed->reply = calloc(1, fixed->type->m_size);
    }
    return 0;
}

static fixed_endpoints *fixed_of(cyclone_side *side, uint32_t payload)
{
    for (int p = 0; p < side->fixed_count; ++p)
        if (side->fixed[p].payload == payload)
            return &side->fixed[p];
    return NULL;
}

static void cyclone_close(void *opaque);

static enum cyclone_transport transport_of(const pingpong_options *options)
{
    return !strcmp(options->transport, "zero_copy") ? SHARED_MEMORY_ZERO_COPY
           : !strcmp(options->transport, "shm")     ? SHARED_MEMORY_COPY
                                                    : NETWORK;
}

static void *cyclone_open(const pingpong_options *options, enum pingpong_side which)
{
    int reliable = !strcmp(options->reliability, "reliable");
    if (cyclone_create_domain(options->config, options->domain))
        return NULL;
    cyclone_side *side = calloc(1, sizeof *side);
    side->transport = transport_of(options);
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
    int publisher = which == PINGPONG_PUBLISHER;
    side->echo = !publisher;
    pthread_mutex_init(&side->lock, NULL);
    pthread_condattr_t monotonic;  /* a receive's deadline is not moved by a step of the wall clock */
    pthread_condattr_init(&monotonic);
    pthread_condattr_setclock(&monotonic, CLOCK_MONOTONIC);
    pthread_cond_init(&side->arrived, &monotonic);
    pthread_condattr_destroy(&monotonic);
    if (side->transport != NETWORK) {
        int status = open_fixed(side, options, qos, publisher);
        dds_delete_qos(qos);
        if (status) {
            cyclone_close(side);
            return NULL;
        }
        return side;
    }
    side->sample.data._buffer = calloc(1, options->max_payload);
    side->sample.data._maximum = options->max_payload;
    side->reply.data = side->sample.data;  /* the echo's data: same size, content not looked at */
    dds_entity_t ping = dds_create_topic(side->participant, &latency_PingPong_desc, "latency_ping", qos, NULL);
    dds_entity_t pong = dds_create_topic(side->participant, &latency_PingPong_desc, "latency_pong", qos, NULL);
    side->writer = dds_create_writer(side->participant, publisher ? ping : pong, qos, NULL);
    dds_listener_t *listener = dds_create_listener(side);
    dds_lset_data_available(listener, on_data_available);
    side->reader = dds_create_reader(side->participant, publisher ? pong : ping, qos, listener);
    dds_delete_listener(listener);
    dds_delete_qos(qos);
    if (ping < 0 || pong < 0 || side->writer < 0 || side->reader < 0) {
        pingpong_fail("cannot create the topics, writer or reader: %s (with DDS Security: permissions)",
                      dds_strretcode(side->writer < 0 ? side->writer : side->reader));
        cyclone_close(side);
        return NULL;
    }
    return side;
}

static int cyclone_send(void *opaque, uint32_t seq, uint32_t payload)
{
    cyclone_side *side = opaque;
    if (side->transport != NETWORK) {
        fixed_endpoints *fixed = fixed_of(side, payload);
        if (side->transport == SHARED_MEMORY_ZERO_COPY)
            return write_loaned(fixed, seq);
        memcpy(fixed->sample, &seq, 4);
        dds_return_t status = dds_write(fixed->writer, fixed->sample);
        if (status < 0 && status != DDS_RETCODE_TIMEOUT) {
            pingpong_fail("dds_write: %s", dds_strretcode(status));
            return -1;
        }
        return 0;
    }
    side->sample.seqnum = seq;
    side->sample.data._length = payload - SAMPLE_OVERHEAD;
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
    clock_gettime(CLOCK_MONOTONIC, &deadline);
    long nanoseconds = deadline.tv_nsec + (long)(timeout_ms % 1000) * 1000000L;
    deadline.tv_sec += timeout_ms / 1000 + nanoseconds / 1000000000L;
    deadline.tv_nsec = nanoseconds % 1000000000L;
    pthread_mutex_lock(&side->lock);
    int waited = 0;
    while (!side->full && !side->failed && !waited)
        waited = timeout_ms < 0 ? pthread_cond_wait(&side->arrived, &side->lock)
                                : pthread_cond_timedwait(&side->arrived, &side->lock, &deadline);
    int got = side->failed ? -1 : side->full;
    if (got > 0) {
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
    while (!side->stopped && !side->failed)
        pthread_cond_wait(&side->arrived, &side->lock);
    int failed = side->failed;
    pthread_mutex_unlock(&side->lock);
    return failed;
}

static void cyclone_close(void *opaque)
{
    cyclone_side *side = opaque;
    dds_delete(side->participant);  /* a reliable writer lingers until its data is acknowledged */
    for (int p = 0; p < side->fixed_count; ++p) {
        free_fixed_type(side->fixed[p].type);
        free(side->fixed[p].sample);
        free(side->fixed[p].reply);
    }
    free(side->sample.data._buffer);
    free(side);
}

static const pingpong_driver *choose_cyclone(const pingpong_options *options)
{
    static const pingpong_driver cyclone = {cyclone_open, cyclone_send, cyclone_receive, cyclone_close,
                                            cyclone_serve};
    if (transport_of(options) == NETWORK && strcmp(options->transport, "udp")) {
        pingpong_fail("unknown transport '%s' (shm or zero_copy; by default the network the configuration names)",
                      options->transport);
        return NULL;
    }
    if (transport_of(options) != NETWORK && !strcmp(options->role, "both")) {
        pingpong_fail("transport '%s' needs two processes (publisher and subscriber)", options->transport);
        return NULL;
    }
    return &cyclone;
}

int main(int argc, char **argv)
{
    return pingpong_main(argc, argv, choose_cyclone, "CycloneLatency");
}
