/* CycloneLatency: LatencyTest's ping-pong on Cyclone DDS's C API. Topics latency_ping
 * (publisher to subscriber) and latency_pong (back); QoS as the vendor comparison's:
 * reliable or best effort (--reliability), keep-last 1, volatile. Transport, discovery
 * and DDS Security come from the Cyclone XML configuration (--config), the domain from
 * --domain. In `both`, the echo side is a second participant of the same process, which
 * Cyclone delivers to without the network. */
#include "pingpong.h"
#include "PingPong.h"

#include <dds/dds.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    dds_entity_t participant, writer, reader, waitset;
    latency_PingPong sample;
} cyclone_side;

static int create_domain_once(const pingpong_options *options)
{
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    static int created;
    int status = 0;
    pthread_mutex_lock(&lock);
    if (!created && options->config) {
        FILE *file = fopen(options->config, "r");
        char *text = NULL;
        long length = -1;
        if (file && !fseek(file, 0, SEEK_END) && (length = ftell(file)) >= 0 && !fseek(file, 0, SEEK_SET)) {
            text = calloc(1, (size_t)length + 1);
            if (fread(text, 1, (size_t)length, file) != (size_t)length)
                length = -1;
        }
        if (file)
            fclose(file);
        if (length < 0) {
            pingpong_fail("%s: cannot read the Cyclone DDS configuration: %s", options->config, strerror(errno));
            status = -1;
        } else if (dds_create_domain((dds_domainid_t)options->domain, text) < 0) {
            pingpong_fail("%s: Cyclone DDS rejects this configuration (see the log above)", options->config);
            status = -1;
        }
        free(text);
    }
    created = 1;
    pthread_mutex_unlock(&lock);
    return status;
}

static void *cyclone_open(const pingpong_options *options, enum pingpong_side which)
{
    int reliable = !strcmp(options->reliability, "reliable");
    if (create_domain_once(options))
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
    side->writer = dds_create_writer(side->participant, publisher ? ping : pong, qos, NULL);
    side->reader = dds_create_reader(side->participant, publisher ? pong : ping, qos, NULL);
    dds_delete_qos(qos);
    if (ping < 0 || pong < 0 || side->writer < 0 || side->reader < 0) {
        pingpong_fail("cannot create the topics, writer or reader: %s (with DDS Security: permissions)",
                      dds_strretcode(side->writer < 0 ? side->writer : side->reader));
        dds_delete(side->participant);
        free(side);
        return NULL;
    }
    side->waitset = dds_create_waitset(side->participant);
    dds_waitset_attach(side->waitset, dds_create_readcondition(side->reader, DDS_ANY_STATE), 0);
    side->sample.data._buffer = calloc(1, options->max_payload);
    side->sample.data._maximum = options->max_payload;
    side->sample.data._release = false;
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

static int cyclone_receive(void *opaque, int timeout_ms, uint32_t *seq, uint32_t *payload)
{
    cyclone_side *side = opaque;
    dds_duration_t timeout = timeout_ms < 0 ? DDS_INFINITY : DDS_MSECS(timeout_ms);
    dds_return_t ready = dds_waitset_wait(side->waitset, NULL, 0, timeout);
    if (ready < 0) {
        pingpong_fail("dds_waitset_wait: %s", dds_strretcode(ready));
        return -1;
    }
    void *samples[1] = {NULL};
    dds_sample_info_t info;
    dds_return_t taken = dds_take(side->reader, samples, &info, 1, 1);
    if (taken < 0) {
        pingpong_fail("dds_take: %s", dds_strretcode(taken));
        return -1;
    }
    int got = taken == 1 && info.valid_data;
    if (got) {
        const latency_PingPong *sample = samples[0];
        *seq = sample->seqnum;
        *payload = sample->data._length + 8;
    }
    if (taken > 0)
        dds_return_loan(side->reader, samples, taken);
    return got;
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
    static const pingpong_driver cyclone = {cyclone_open, cyclone_send, cyclone_receive, cyclone_close};
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
