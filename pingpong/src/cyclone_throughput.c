/* CycloneThroughput: Fast DDS ThroughputTest's method, command line and CSV export
 * (throughput_core.h) on Cyclone DDS's C API, so that a Cyclone DDS throughput run goes through
 * the same runner and specification steps as ThroughputTest's.
 *
 * Per payload the publisher's data writer has a keep-all history holding the payload's largest
 * demand (as ThroughputTest sizes it); commands are acknowledged by Cyclone's reliability
 * (dds_wait_for_acks), results come back on a topic of their own. The subscriber counts in a
 * data-available listener.
 *
 * Where it differs from ThroughputTest: one reader serves every payload (the sample's data
 * is a sequence, so a payload needs no type of its own; ThroughputTest makes its data
 * endpoints anew per payload); a reliable case ends (TEST_ENDS) once its samples are
 * acknowledged (ThroughputTest clears its writer's history instead, and those not yet delivered
 * are lost to the case). A write that times out (reliable, blocked for a second on
 * unacknowledged data) is not counted as sent. Commands are handled in the subscriber's
 * command listener, on the receive thread that also delivers the data, so a case's count
 * starts before its first sample can arrive. */
#include "throughput_core.h"
#include "Throughput.h"
#include "cyclone_domain.h"

#include <dds/dds.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TAKE_BATCH 256

/* One side: the participant, its command endpoints, and its own part of the case. */
typedef struct {
    const throughput_options *options;
    dds_entity_t participant, data_topic, command_writer, command_reader;
    dds_entity_t data_writer;  /* the publisher's, for the current payload */
    throughput_Sample sample;  /* the publisher's */
    throughput_count count;    /* the subscriber's, kept by its listeners on the receive thread */
    /* The data listener's samples, taken into again and again (as ThroughputTest and ddsperf
     * take): a loan would allocate and free each sample's data. */
    throughput_Sample received[TAKE_BATCH];
    void *slots[TAKE_BATCH];
} cyclone_side;

static int reliable(const throughput_options *options)
{
    return !options->reliability || !strcmp(options->reliability, "reliable");  /* ThroughputTest's default */
}

static dds_qos_t *command_qos(void)
{
    dds_qos_t *qos = dds_create_qos();
    dds_qset_reliability(qos, DDS_RELIABILITY_RELIABLE, DDS_SECS(THROUGHPUT_WAIT_S));
    dds_qset_history(qos, DDS_HISTORY_KEEP_ALL, 0);
    dds_qset_durability(qos, DDS_DURABILITY_VOLATILE);
    return qos;
}

static dds_qos_t *data_qos(const throughput_options *options, uint32_t max_demand)
{
    dds_qos_t *qos = dds_create_qos();
    dds_qset_reliability(qos, reliable(options) ? DDS_RELIABILITY_RELIABLE : DDS_RELIABILITY_BEST_EFFORT,
                         DDS_SECS(1));
    dds_qset_history(qos, DDS_HISTORY_KEEP_ALL, 0);
    dds_qset_durability(qos, DDS_DURABILITY_VOLATILE);
    if (max_demand)
        dds_qset_resource_limits(qos, (int32_t)max_demand, DDS_LENGTH_UNLIMITED, (int32_t)max_demand);
    return qos;
}

/* A participant with the command topics: commands go to the subscriber, results come back. */
static int open_endpoints(cyclone_side *side, int publisher, const dds_listener_t *command_listener)
{
    const throughput_options *options = side->options;
    if (cyclone_create_domain(options->config, options->domain))
        return -1;
    side->participant = dds_create_participant((dds_domainid_t)options->domain, NULL, NULL);
    if (side->participant < 0) {
        pingpong_fail("cannot create a participant in domain %d: %s (with DDS Security: an identity, permission "
                      "or governance the CA does not vouch for)", options->domain,
                      dds_strretcode(side->participant));
        return -1;
    }
    dds_qos_t *qos = command_qos();
    dds_entity_t commands = dds_create_topic(side->participant, &throughput_Command_desc, "throughput_command",
                                             qos, NULL);
    dds_entity_t results = dds_create_topic(side->participant, &throughput_Command_desc, "throughput_result",
                                            qos, NULL);
    side->data_topic = dds_create_topic(side->participant, &throughput_Sample_desc, "throughput_data", NULL, NULL);
    side->command_writer = dds_create_writer(side->participant, publisher ? commands : results, qos, NULL);
    side->command_reader = dds_create_reader(side->participant, publisher ? results : commands, qos,
                                             command_listener);
    dds_delete_qos(qos);
    if (commands < 0 || results < 0 || side->data_topic < 0 || side->command_writer < 0 || side->command_reader < 0) {
        pingpong_fail("cannot create the topics, command writer or reader (with DDS Security: permissions)");
        return -1;
    }
    return 0;
}

/* Wait until an endpoint has matched a peer (discovery, and the DDS Security handshake). */
static int wait_matched(dds_entity_t entity, int writer, const char *what)
{
    double deadline = pingpong_now_us() + THROUGHPUT_MATCH_WAIT_S * 1e6;
    while (pingpong_now_us() < deadline) {
        uint32_t count = 0;
        if (writer) {
            dds_publication_matched_status_t status;
            if (dds_get_publication_matched_status(entity, &status) == DDS_RETCODE_OK)
                count = status.current_count;
        } else {
            dds_subscription_matched_status_t status;
            if (dds_get_subscription_matched_status(entity, &status) == DDS_RETCODE_OK)
                count = status.current_count;
        }
        if (count)
            return 0;
        dds_sleepfor(DDS_MSECS(10));
    }
    pingpong_fail("%s matched nothing within %d s: the other side is not there", what, THROUGHPUT_MATCH_WAIT_S);
    return -1;
}

/* The subscriber's data listener: the case's samples counted. */
static void on_data(dds_entity_t reader, void *opaque)
{
    cyclone_side *side = opaque;
    dds_sample_info_t infos[TAKE_BATCH];
    dds_return_t taken;
    while ((taken = dds_take(reader, side->slots, infos, TAKE_BATCH, TAKE_BATCH)) > 0) {
        pthread_mutex_lock(&side->count.lock);
        for (int i = 0; i < taken; ++i)
            if (infos[i].valid_data)
                throughput_count_sample(&side->count, side->received[i].seqnum);
        pthread_mutex_unlock(&side->count.lock);
    }
}

static void on_command(dds_entity_t reader, void *opaque)
{
    cyclone_side *side = opaque;
    throughput_Command command;
    void *samples[1] = {&command};
    dds_sample_info_t info;
    while (dds_take(reader, samples, &info, 1, 1) > 0)
        if (info.valid_data)
            throughput_count_command(&side->count, command.kind, command.seqnum);
}

static int open_subscriber(cyclone_side *side)
{
    throughput_count_init(&side->count);
    for (int i = 0; i < TAKE_BATCH; ++i)
        side->slots[i] = &side->received[i];
    dds_listener_t *command_listener = dds_create_listener(side);
    dds_lset_data_available(command_listener, on_command);
    int status = open_endpoints(side, 0, command_listener);
    dds_delete_listener(command_listener);
    if (status)
        return -1;
    dds_listener_t *data_listener = dds_create_listener(side);
    dds_lset_data_available(data_listener, on_data);
    dds_qos_t *qos = data_qos(side->options, 0);
    dds_entity_t data_reader = dds_create_reader(side->participant, side->data_topic, qos, data_listener);
    dds_delete_qos(qos);
    dds_delete_listener(data_listener);
    if (data_reader < 0) {
        pingpong_fail("cannot create the data reader: %s", dds_strretcode(data_reader));
        return -1;
    }
    return wait_matched(side->command_writer, 1, "the subscriber's result writer");
}

static int open_publisher(cyclone_side *side)
{
    if (open_endpoints(side, 1, NULL) || wait_matched(side->command_writer, 1, "the command writer")
        || wait_matched(side->command_reader, 0, "the result reader"))
        return -1;
    /* Batching packs the samples written back to back into RTPS messages, sent when full or
     * flushed; the publisher flushes after each burst (as ddsperf does when it rests). Cyclone
     * 0.10 sets it on the domains that exist, so only now. */
    dds_write_set_batch(side->options->write_batch);
    side->sample.data._buffer = calloc(1, side->options->max_payload);
    side->sample.data._maximum = side->options->max_payload;
    return 0;
}

static void cyclone_close(void *opaque)
{
    cyclone_side *side = opaque;
    if (side->participant > 0)
        dds_delete(side->participant);
    for (int i = 0; i < TAKE_BATCH; ++i)
        dds_sample_free(&side->received[i], &throughput_Sample_desc, DDS_FREE_CONTENTS);
    free(side->sample.data._buffer);
    free(side);
}

static void *cyclone_open(const throughput_options *options, enum pingpong_side which)
{
    cyclone_side *side = calloc(1, sizeof *side);
    side->options = options;
    if (which == PINGPONG_PUBLISHER ? open_publisher(side) : open_subscriber(side)) {
        cyclone_close(side);
        return NULL;
    }
    return side;
}

static int send_result(void *opaque, const throughput_result *result)
{
    cyclone_side *side = opaque;
    throughput_Command message = {.kind = TEST_RESULTS, .received = result->received,
                                  .totaltime_us = result->totaltime_us};
    dds_return_t written = dds_write(side->command_writer, &message);
    dds_write_flush(side->command_writer);
    if (written < 0)
        pingpong_fail("cannot send the results: %s", dds_strretcode(written));
    return written < 0;
}

static int cyclone_serve(void *opaque)
{
    cyclone_side *side = opaque;
    return throughput_serve(&side->count, send_result, side);
}

static int cyclone_start_payload(void *opaque, uint32_t payload, uint32_t max_demand)
{
    cyclone_side *side = opaque;
    dds_qos_t *qos = data_qos(side->options, max_demand);
    side->data_writer = dds_create_writer(side->participant, side->data_topic, qos, NULL);
    dds_delete_qos(qos);
    if (side->data_writer < 0) {
        pingpong_fail("cannot create the data writer: %s", dds_strretcode(side->data_writer));
        return -1;
    }
    side->sample.data._length = payload - 8;
    return wait_matched(side->data_writer, 1, "the data writer");
}

static int cyclone_write(void *opaque, uint32_t seqnum)
{
    cyclone_side *side = opaque;
    side->sample.seqnum = seqnum;
    dds_return_t status = dds_write(side->data_writer, &side->sample);
    if (status == DDS_RETCODE_OK)
        return 1;
    if (status == DDS_RETCODE_TIMEOUT)
        return 0;
    pingpong_fail("dds_write: %s", dds_strretcode(status));
    return -1;
}

static void cyclone_end_burst(void *opaque)
{
    cyclone_side *side = opaque;
    dds_write_flush(side->data_writer);  /* with --write_batch on: the burst's last samples go out now */
}

static void cyclone_end_payload(void *opaque)
{
    cyclone_side *side = opaque;
    if (side->data_writer > 0)
        dds_delete(side->data_writer);
    side->data_writer = 0;
}

static const char *command_name(enum throughput_command command)
{
    return command == TEST_STARTS ? "TEST_STARTS" : command == TEST_ENDS ? "TEST_ENDS" : "ALL_STOPS";
}

/* Write a command and wait until the subscriber has it. */
static double cyclone_command(void *opaque, enum throughput_command command, uint32_t seqnum)
{
    cyclone_side *side = opaque;
    throughput_Command message = {.kind = command, .seqnum = seqnum};
    dds_return_t status;
    /* A reliable case's samples not yet acknowledged (being repaired) would reach the
     * subscriber after TEST_ENDS, uncounted: TEST_ENDS waits for them. A best-effort writer's
     * wait returns at once: a sample that has not reached the subscriber when TEST_ENDS does
     * is lost to the case. */
    if (command == TEST_ENDS && side->data_writer > 0
        && (status = dds_wait_for_acks(side->data_writer, DDS_SECS(THROUGHPUT_WAIT_S))) != DDS_RETCODE_OK) {
        pingpong_fail("the subscriber did not acknowledge the case's samples within %d s: %s", THROUGHPUT_WAIT_S,
                      dds_strretcode(status));
        return -1;
    }
    double sent = pingpong_now_us();
    status = dds_write(side->command_writer, &message);
    dds_write_flush(side->command_writer);  /* commands are never held back in a batch */
    if (status == DDS_RETCODE_OK)
        status = dds_wait_for_acks(side->command_writer, DDS_SECS(THROUGHPUT_WAIT_S));
    if (status != DDS_RETCODE_OK) {
        pingpong_fail("the subscriber did not acknowledge %s within %d s: %s", command_name(command),
                      THROUGHPUT_WAIT_S, dds_strretcode(status));
        return -1;
    }
    return pingpong_now_us() - sent;
}

static int cyclone_result(void *opaque, throughput_result *result)
{
    cyclone_side *side = opaque;
    dds_entity_t waitset = dds_create_waitset(side->participant);
    dds_entity_t condition = dds_create_readcondition(side->command_reader, DDS_ANY_STATE);
    dds_waitset_attach(waitset, condition, 0);
    int status = -1;
    double deadline = pingpong_now_us() + THROUGHPUT_WAIT_S * 1e6;
    while (status && pingpong_now_us() < deadline) {
        throughput_Command message;
        void *samples[1] = {&message};
        dds_sample_info_t info;
        if (dds_take(side->command_reader, samples, &info, 1, 1) > 0) {
            if (info.valid_data && message.kind == TEST_RESULTS) {
                *result = (throughput_result){message.received, message.totaltime_us};
                status = 0;
            }
        } else {
            dds_waitset_wait(waitset, NULL, 0, DDS_MSECS(100));
        }
    }
    dds_delete(condition);
    dds_delete(waitset);
    if (status)
        pingpong_fail("no results from the subscriber within %d s", THROUGHPUT_WAIT_S);
    return status;
}

static const throughput_driver *choose_cyclone(const throughput_options *options)
{
    static const throughput_driver cyclone = {
        cyclone_open, cyclone_start_payload, cyclone_write, cyclone_end_burst, cyclone_end_payload,
        cyclone_command, cyclone_result, cyclone_serve, cyclone_close,
    };
    (void)options;  /* without --config, Cyclone's defaults */
    return &cyclone;
}

int main(int argc, char **argv)
{
    return throughput_main(argc, argv, choose_cyclone, "CycloneThroughput");
}
