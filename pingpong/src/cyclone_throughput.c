/* CycloneThroughput: Fast DDS ThroughputTest's method, command line and CSV export on
 * Cyclone DDS's C API, so that a Cyclone DDS throughput run goes through the same runner
 * and specification steps as ThroughputTest's.
 *
 * The publisher runs the grid: for every payload of the demands file ("payload;demand;..."
 * per line) a data writer whose keep-all history holds the payload's largest demand (as
 * ThroughputTest sizes it), then for every demand and recovery time a case: TEST_STARTS,
 * acknowledged (the time that takes is taken off the subscriber's time, as ThroughputTest
 * does); bursts of `demand` samples, each followed by a rest of the recovery time minus
 * the burst's own time, until the test time is over; TEST_ENDS, acknowledged; the
 * subscriber's result. The subscriber counts in a data-available listener: the last
 * sequence number and the gaps before it (lost samples). A row: sent samples over the
 * publisher's time (first burst's start to last burst's end); received (last sequence
 * number counted from the case's first, minus lost) over the subscriber's time (TEST_STARTS
 * to TEST_ENDS as it saw them, minus the TEST_STARTS acknowledgement).
 *
 * Where it differs from ThroughputTest: one reader serves every payload (the sample's data
 * is a sequence, so a payload needs no type of its own; ThroughputTest makes its data
 * endpoints anew per payload); a write that times out (reliable, blocked for a second on
 * unacknowledged data) is not counted as sent; the clock's own cost (two reads a burst,
 * ~50 ns) is not subtracted. Commands are handled in the subscriber's command listener, on
 * the receive thread that also delivers the data, so a case's count starts before its
 * first sample can arrive. */
#include "pingpong.h"
#include "Throughput.h"
#include "cyclone_domain.h"

#include <dds/dds.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_DEMANDS 16
#define MAX_RECOVERIES 16
#define WAIT_S 20          /* ThroughputTest's limit on every acknowledgement and result */
#define MATCH_WAIT_S 30    /* discovery (and the DDS Security handshake) */
#define TAKE_BATCH 256

enum throughput_command { TEST_STARTS = 1, TEST_ENDS, TEST_RESULTS, ALL_STOPS };

typedef struct {
    uint32_t payload;
    uint32_t demands[MAX_DEMANDS];
    int demand_count;
} payload_demands;

typedef struct {
    const char *role, *config, *reliability, *demands_file, *recoveries_file, *csv_file;
    int domain, test_time_s;
    int write_batch;  /* Cyclone's write batching (ddsperf turns it on; ThroughputTest has none): off by default */
    payload_demands payloads[PINGPONG_MAX_PAYLOADS];
    int payload_count;
    uint32_t recoveries_ms[MAX_RECOVERIES];
    int recovery_count;
    uint32_t max_payload;
} throughput_options;

/* The subscriber's count of one case, kept by its listeners on the receive thread. */
typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    uint64_t base, last, lost;      /* sequence numbers: before the case's first, the last received */
    double started_us;              /* TEST_STARTS seen */
    throughput_Command result;      /* filled at TEST_ENDS */
    int result_pending, stopped;
    /* The data listener's samples, taken into again and again (as ThroughputTest and ddsperf
     * take): a loan would allocate and free each sample's data. */
    throughput_Sample received[TAKE_BATCH];
    void *slots[TAKE_BATCH];
} subscriber_count;

static int usage(void)
{
    fprintf(stderr,
            "usage: CycloneThroughput publisher|subscriber|both --config CYCLONE_XML --reliability reliable|best_effort\n"
            "       [--domain D] --file DEMANDS --recoveries_file RECOVERIES --time SECONDS [--export_csv CSV]\n"
            "       [--write_batch on|off]\n"
            "       (the subscriber needs only --config, --reliability and --domain)\n");
    return 2;
}

/* A line of ';'-separated whole numbers into values; returns how many, -1 on a bad one. */
static int read_numbers(char *line, uint32_t *values, int capacity, long minimum)
{
    int count = 0;
    for (char *token = strtok(line, "; \r\n"); token; token = strtok(NULL, "; \r\n")) {
        char *end;
        long value = strtol(token, &end, 10);
        if (*end || value < minimum || value > 1000000000L || count == capacity)
            return -1;
        values[count++] = (uint32_t)value;
    }
    return count;
}

static FILE *open_input(const char *path, const char *what)
{
    FILE *file = fopen(path, "r");
    if (!file)
        pingpong_fail("%s: cannot read the %s: %s", path, what, strerror(errno));
    return file;
}

static int read_grid(throughput_options *options)
{
    char line[4096];
    FILE *file = open_input(options->demands_file, "demands file");
    if (!file)
        return -1;
    while (fgets(line, sizeof line, file)) {
        if (strspn(line, "; \r\n") == strlen(line))
            continue;
        uint32_t values[MAX_DEMANDS + 1];
        int count = read_numbers(line, values, MAX_DEMANDS + 1, 1);
        if (count < 2 || values[0] < 16 || values[0] > 65000 || options->payload_count == PINGPONG_MAX_PAYLOADS) {
            pingpong_fail("%s: bad line (expected 'payload;demand;...', payload 16 to 65000 bytes, at most %d "
                          "demands and %d payloads)", options->demands_file, MAX_DEMANDS, PINGPONG_MAX_PAYLOADS);
            fclose(file);
            return -1;
        }
        payload_demands *entry = &options->payloads[options->payload_count++];
        entry->payload = values[0];
        entry->demand_count = count - 1;
        memcpy(entry->demands, values + 1, (size_t)(count - 1) * sizeof *values);
        if (values[0] > options->max_payload)
            options->max_payload = values[0];
    }
    fclose(file);
    if (!options->payload_count) {
        pingpong_fail("%s: no payloads", options->demands_file);
        return -1;
    }
    file = open_input(options->recoveries_file, "recoveries file");
    if (!file)
        return -1;
    options->recovery_count = fgets(line, sizeof line, file) ? read_numbers(line, options->recoveries_ms,
                                                                             MAX_RECOVERIES, 0) : 0;
    fclose(file);
    if (options->recovery_count < 1) {
        pingpong_fail("%s: bad recoveries (expected 'milliseconds;...', at most %d)", options->recoveries_file,
                      MAX_RECOVERIES);
        return -1;
    }
    return 0;
}

static int parse(int argc, char **argv, throughput_options *options)
{
    memset(options, 0, sizeof *options);
    options->reliability = "reliable";
    options->test_time_s = 1;
    if (argc < 2)
        return usage();
    options->role = argv[1];
    if (strcmp(options->role, "publisher") && strcmp(options->role, "subscriber") && strcmp(options->role, "both"))
        return usage();
    for (int i = 2; i < argc; i += 2) {
        if (i + 1 >= argc)
            return usage();
        const char *name = argv[i], *value = argv[i + 1];
        if (!strcmp(name, "--config"))
            options->config = value;
        else if (!strcmp(name, "--reliability"))
            options->reliability = value;
        else if (!strcmp(name, "--domain"))
            options->domain = atoi(value);
        else if (!strcmp(name, "--file"))
            options->demands_file = value;
        else if (!strcmp(name, "--recoveries_file"))
            options->recoveries_file = value;
        else if (!strcmp(name, "--time"))
            options->test_time_s = atoi(value);
        else if (!strcmp(name, "--export_csv"))
            options->csv_file = value;
        else if (!strcmp(name, "--write_batch") && (!strcmp(value, "on") || !strcmp(value, "off")))
            options->write_batch = !strcmp(value, "on");
        else
            return usage();
    }
    if (strcmp(options->reliability, "reliable") && strcmp(options->reliability, "best_effort")) {
        pingpong_fail("unknown reliability '%s' (reliable or best_effort)", options->reliability);
        return 2;
    }
    if (!strcmp(options->role, "subscriber"))
        return 0;
    if (!options->demands_file || !options->recoveries_file || options->test_time_s < 1)
        return usage();
    return read_grid(options) ? 2 : 0;
}

static dds_qos_t *command_qos(void)
{
    dds_qos_t *qos = dds_create_qos();
    dds_qset_reliability(qos, DDS_RELIABILITY_RELIABLE, DDS_SECS(WAIT_S));
    dds_qset_history(qos, DDS_HISTORY_KEEP_ALL, 0);
    dds_qset_durability(qos, DDS_DURABILITY_VOLATILE);
    return qos;
}

static dds_qos_t *data_qos(const throughput_options *options, uint32_t max_demand)
{
    dds_qos_t *qos = dds_create_qos();
    int reliable = !strcmp(options->reliability, "reliable");
    dds_qset_reliability(qos, reliable ? DDS_RELIABILITY_RELIABLE : DDS_RELIABILITY_BEST_EFFORT, DDS_SECS(1));
    dds_qset_history(qos, DDS_HISTORY_KEEP_ALL, 0);
    dds_qset_durability(qos, DDS_DURABILITY_VOLATILE);
    if (max_demand)
        dds_qset_resource_limits(qos, (int32_t)max_demand, DDS_LENGTH_UNLIMITED, (int32_t)max_demand);
    return qos;
}

typedef struct {
    dds_entity_t participant, data_topic, command_writer, command_reader;
} endpoints;

/* A participant with the command topics: commands go to the subscriber, results come back. */
static int open_endpoints(const throughput_options *options, int publisher, endpoints *side,
                          const dds_listener_t *command_listener)
{
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
    double deadline = pingpong_now_us() + MATCH_WAIT_S * 1e6;
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
    pingpong_fail("%s matched nothing within %d s: the other side is not there", what, MATCH_WAIT_S);
    return -1;
}

/* The subscriber's data listener: the last sequence number and the gaps before it. */
static void on_data(dds_entity_t reader, void *opaque)
{
    subscriber_count *count = opaque;
    dds_sample_info_t infos[TAKE_BATCH];
    dds_return_t taken;
    while ((taken = dds_take(reader, count->slots, infos, TAKE_BATCH, TAKE_BATCH)) > 0) {
        pthread_mutex_lock(&count->lock);
        for (int i = 0; i < taken; ++i) {
            uint32_t seqnum = count->received[i].seqnum;
            if (infos[i].valid_data && seqnum > count->last) {  /* a late one of an earlier case: not this case's */
                count->lost += seqnum - count->last - 1;
                count->last = seqnum;
            }
        }
        pthread_mutex_unlock(&count->lock);
    }
}

static void on_command(dds_entity_t reader, void *opaque)
{
    subscriber_count *count = opaque;
    throughput_Command command;
    void *samples[1] = {&command};
    dds_sample_info_t info;
    while (dds_take(reader, samples, &info, 1, 1) > 0) {
        if (!info.valid_data)
            continue;
        double now = pingpong_now_us();
        pthread_mutex_lock(&count->lock);
        if (command.kind == TEST_STARTS) {
            count->base = count->last = command.seqnum;
            count->lost = 0;
            count->started_us = now;
        } else if (command.kind == TEST_ENDS) {
            count->result = (throughput_Command){.kind = TEST_RESULTS, .received = count->last - count->base,
                                                 .lost = count->lost,
                                                 .totaltime_us = (uint64_t)(now - count->started_us)};
            count->result_pending = 1;
        } else if (command.kind == ALL_STOPS) {
            count->stopped = 1;
        }
        pthread_cond_signal(&count->changed);
        pthread_mutex_unlock(&count->lock);
    }
}

static int run_subscriber(const throughput_options *options)
{
    static subscriber_count count = {.lock = PTHREAD_MUTEX_INITIALIZER, .changed = PTHREAD_COND_INITIALIZER};
    for (int i = 0; i < TAKE_BATCH; ++i)
        count.slots[i] = &count.received[i];
    dds_listener_t *command_listener = dds_create_listener(&count);
    dds_lset_data_available(command_listener, on_command);
    endpoints side;
    int status = open_endpoints(options, 0, &side, command_listener);
    dds_delete_listener(command_listener);
    if (status)
        return 1;
    dds_listener_t *data_listener = dds_create_listener(&count);
    dds_lset_data_available(data_listener, on_data);
    dds_qos_t *qos = data_qos(options, 0);
    dds_entity_t data_reader = dds_create_reader(side.participant, side.data_topic, qos, data_listener);
    dds_delete_qos(qos);
    dds_delete_listener(data_listener);
    if (data_reader < 0) {
        pingpong_fail("cannot create the data reader: %s", dds_strretcode(data_reader));
        status = 1;
    } else if (wait_matched(side.command_writer, 1, "the subscriber's result writer")) {
        status = 1;
    }
    pthread_mutex_lock(&count.lock);
    while (!status && !count.stopped) {
        if (count.result_pending) {
            throughput_Command result = count.result;
            count.result_pending = 0;
            pthread_mutex_unlock(&count.lock);
            dds_return_t written = dds_write(side.command_writer, &result);
            dds_write_flush(side.command_writer);
            if (written < 0) {
                pingpong_fail("cannot send the results: %s", dds_strretcode(written));
                status = 1;
            }
            pthread_mutex_lock(&count.lock);
        } else {
            pthread_cond_wait(&count.changed, &count.lock);
        }
    }
    pthread_mutex_unlock(&count.lock);
    dds_delete(side.participant);
    for (int i = 0; i < TAKE_BATCH; ++i)
        dds_sample_free(&count.received[i], &throughput_Sample_desc, DDS_FREE_CONTENTS);
    return status;
}

/* Write a command and wait until the subscriber has it; returns the microseconds that took, or -1. */
static double command_acknowledged(const endpoints *side, uint32_t command, uint32_t seqnum, const char *name)
{
    throughput_Command message = {.kind = command, .seqnum = seqnum};
    double sent = pingpong_now_us();
    dds_return_t status = dds_write(side->command_writer, &message);
    dds_write_flush(side->command_writer);  /* commands are never held back in a batch */
    if (status == DDS_RETCODE_OK)
        status = dds_wait_for_acks(side->command_writer, DDS_SECS(WAIT_S));
    if (status != DDS_RETCODE_OK) {
        pingpong_fail("the subscriber did not acknowledge %s within %d s: %s", name, WAIT_S, dds_strretcode(status));
        return -1;
    }
    return pingpong_now_us() - sent;
}

static int wait_result(const endpoints *side, throughput_Command *result)
{
    dds_entity_t waitset = dds_create_waitset(side->participant);
    dds_entity_t condition = dds_create_readcondition(side->command_reader, DDS_ANY_STATE);
    dds_waitset_attach(waitset, condition, 0);
    int status = -1;
    double deadline = pingpong_now_us() + WAIT_S * 1e6;
    while (status && pingpong_now_us() < deadline) {
        void *samples[1] = {result};
        dds_sample_info_t info;
        if (dds_take(side->command_reader, samples, &info, 1, 1) > 0) {
            if (info.valid_data && result->kind == TEST_RESULTS)
                status = 0;
        } else {
            dds_waitset_wait(waitset, NULL, 0, DDS_MSECS(100));
        }
    }
    dds_delete(condition);
    dds_delete(waitset);
    if (status)
        pingpong_fail("no results from the subscriber within %d s", WAIT_S);
    return status;
}

static void sleep_us(double microseconds)
{
    if (microseconds <= 0)
        return;
    long long nanoseconds = (long long)(microseconds * 1e3);
    struct timespec duration = {(time_t)(nanoseconds / 1000000000LL), (long)(nanoseconds % 1000000000LL)};
    while (nanosleep(&duration, &duration) && errno == EINTR) {
    }
}

/* One case: returns 0 after writing its row, -1 after saying why. */
static int run_case(const throughput_options *options, const endpoints *side, dds_entity_t writer,
                    throughput_Sample *sample, uint32_t *seqnum, uint32_t demand, uint32_t recovery_ms, FILE *csv)
{
    double ack_us = command_acknowledged(side, TEST_STARTS, *seqnum, "TEST_STARTS");
    if (ack_us < 0)
        return -1;
    double test_time_us = options->test_time_s * 1e6, recovery_us = recovery_ms * 1e3;
    double start = pingpong_now_us(), end = start;
    uint64_t sent = 0;
    while (end - start < test_time_us) {
        double burst_start = pingpong_now_us();
        for (uint32_t i = 0; i < demand; ++i) {
            sample->seqnum = *seqnum + 1;
            dds_return_t status = dds_write(writer, sample);
            if (status == DDS_RETCODE_OK) {
                ++*seqnum;
                ++sent;
            } else if (status != DDS_RETCODE_TIMEOUT) {
                pingpong_fail("dds_write: %s", dds_strretcode(status));
                return -1;
            }
        }
        dds_write_flush(writer);  /* with --write_batch on: the burst's last samples go out now */
        end = pingpong_now_us();
        sleep_us(recovery_us - (end - burst_start));
    }
    throughput_Command result;
    if (command_acknowledged(side, TEST_ENDS, *seqnum, "TEST_ENDS") < 0 || wait_result(side, &result))
        return -1;
    uint32_t payload = sample->data._length + 8;
    double publication_us = end - start, subscription_us = (double)result.totaltime_us - ack_us;
    uint64_t received = result.received - result.lost;
    fprintf(csv, "%u,%u,%u,%llu,%.3f,%.3f,%.3f,%llu,%llu,%.3f,%.3f,%.3f\n", payload, demand, recovery_ms,
            (unsigned long long)sent, publication_us, sent * 1e6 / publication_us,
            sent * payload * 8.0 / publication_us, (unsigned long long)received, (unsigned long long)result.lost,
            subscription_us, received * 1e6 / subscription_us, received * payload * 8.0 / subscription_us);
    fflush(csv);
    printf("%6u B x %6u x %3u ms: sent %llu, received %llu, lost %llu, %.1f Mb/s\n", payload, demand, recovery_ms,
           (unsigned long long)sent, (unsigned long long)received, (unsigned long long)result.lost,
           received * payload * 8.0 / subscription_us);
    fflush(stdout);
    return 0;
}

static int run_publisher(const throughput_options *options)
{
    endpoints side;
    if (open_endpoints(options, 1, &side, NULL) || wait_matched(side.command_writer, 1, "the command writer")
        || wait_matched(side.command_reader, 0, "the result reader"))
        return 1;
    /* Batching packs the samples written back to back into RTPS messages, sent when full or
     * flushed; the publisher flushes after each burst (as ddsperf does when it rests). Cyclone
     * 0.10 sets it on the domains that exist, so only now. */
    dds_write_set_batch(options->write_batch);
    FILE *csv = stdout;
    if (options->csv_file && !(csv = fopen(options->csv_file, "w"))) {
        pingpong_fail("%s: cannot write the results: %s", options->csv_file, strerror(errno));
        dds_delete(side.participant);
        return 1;
    }
    fprintf(csv, "Payload [Bytes],Demand [sample/burst],Recovery time [ms],Sent [samples],Publication time [us],"
                 "Publication sample rate [Sample/s],Publication throughput [Mb/s],Received [samples],"
                 "Lost [samples],Subscription time [us],Subscription sample rate [Sample/s],"
                 "Subscription throughput [Mb/s]\n");
    throughput_Sample sample = {0};
    sample.data._buffer = calloc(1, options->max_payload);
    sample.data._maximum = options->max_payload;
    uint32_t seqnum = 0;
    int status = 0;
    for (int p = 0; p < options->payload_count && !status; ++p) {
        const payload_demands *entry = &options->payloads[p];
        uint32_t max_demand = 0;
        for (int d = 0; d < entry->demand_count; ++d)
            max_demand = entry->demands[d] > max_demand ? entry->demands[d] : max_demand;
        dds_qos_t *qos = data_qos(options, max_demand);
        dds_entity_t writer = dds_create_writer(side.participant, side.data_topic, qos, NULL);
        dds_delete_qos(qos);
        if (writer < 0) {
            pingpong_fail("cannot create the data writer: %s", dds_strretcode(writer));
            status = 1;
            break;
        }
        status = wait_matched(writer, 1, "the data writer");
        sample.data._length = entry->payload - 8;
        for (int d = 0; d < entry->demand_count && !status; ++d)
            for (int r = 0; r < options->recovery_count && !status; ++r)
                status = run_case(options, &side, writer, &sample, &seqnum, entry->demands[d],
                                  options->recoveries_ms[r], csv) ? 1 : 0;
        dds_delete(writer);
    }
    if (!status && command_acknowledged(&side, ALL_STOPS, seqnum, "ALL_STOPS") < 0)
        status = 1;
    if (csv != stdout && fclose(csv)) {
        pingpong_fail("%s: cannot write the results: %s", options->csv_file, strerror(errno));
        status = 1;
    }
    free(sample.data._buffer);
    dds_delete(side.participant);
    return status;
}

static void *subscriber_thread(void *opaque)
{
    const throughput_options *options = opaque;
    return (void *)(intptr_t)run_subscriber(options);
}

int main(int argc, char **argv)
{
    pingpong_name_program("CycloneThroughput");
    throughput_options options;
    int status = parse(argc, argv, &options);
    if (status)
        return status;
    if (!strcmp(options.role, "subscriber"))
        return run_subscriber(&options);
    if (!strcmp(options.role, "publisher"))
        return run_publisher(&options);
    /* both: the subscriber is a second participant of this process, which Cyclone delivers to without the network */
    pthread_t thread;
    if (cyclone_create_domain(options.config, options.domain))
        return 1;
    if (pthread_create(&thread, NULL, subscriber_thread, &options)) {
        pingpong_fail("cannot start the subscriber's thread");
        return 1;
    }
    status = run_publisher(&options);
    void *subscriber_status = NULL;
    if (!status)
        pthread_join(thread, &subscriber_status);  /* it ends on ALL_STOPS; after a failure, with the process */
    return status ? status : (int)(intptr_t)subscriber_status;
}
