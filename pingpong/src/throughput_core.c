#include "throughput_core.h"
#include "command_line.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int usage(void)
{
    fprintf(stderr,
            "usage: %s publisher|subscriber|both --config XML [--reliability reliable|best_effort]\n"
            "       [--domain D] --file DEMANDS --recoveries_file RECOVERIES --time SECONDS [--export_csv CSV]\n"
            "       [--write_batch on|off]\n"
            "       (the subscriber needs only --config, --reliability and --domain)\n", pingpong_program_name());
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
        if (!strchr(line, '\n') && !feof(file)) {  /* cut, its rest would read as a line of its own */
            pingpong_fail("%s: a line longer than %zu bytes", options->demands_file, sizeof line - 2);
            fclose(file);
            return -1;
        }
        if (strspn(line, "; \r\n") == strlen(line))
            continue;
        uint32_t values[THROUGHPUT_MAX_DEMANDS + 1];
        int count = read_numbers(line, values, THROUGHPUT_MAX_DEMANDS + 1, 1);
        if (count < 2 || values[0] < 16 || values[0] > 65000 || options->payload_count == PINGPONG_MAX_PAYLOADS) {
            pingpong_fail("%s: bad line (expected 'payload;demand;...', payload 16 to 65000 bytes, at most %d "
                          "demands and %d payloads)", options->demands_file, THROUGHPUT_MAX_DEMANDS,
                          PINGPONG_MAX_PAYLOADS);
            fclose(file);
            return -1;
        }
        throughput_payload *entry = &options->payloads[options->payload_count++];
        entry->payload = values[0];
        entry->demand_count = count - 1;
        memcpy(entry->demands, values + 1, (size_t)(count - 1) * sizeof *values);
        for (int d = 0; d < entry->demand_count; ++d)
            entry->max_demand = entry->demands[d] > entry->max_demand ? entry->demands[d] : entry->max_demand;
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
                                                                             THROUGHPUT_MAX_RECOVERIES, 0) : 0;
    fclose(file);
    if (options->recovery_count < 1) {
        pingpong_fail("%s: bad recoveries (expected 'milliseconds;...', at most %d)", options->recoveries_file,
                      THROUGHPUT_MAX_RECOVERIES);
        return -1;
    }
    return 0;
}

static int parse(int argc, char **argv, throughput_options *options)
{
    memset(options, 0, sizeof *options);
    options->test_time_s = 1;
    const command_line_option table[] = {
        COMMAND_LINE_COMMON_OPTIONS(options),
        {"--recoveries_file", COMMAND_LINE_TEXT, &options->recoveries_file, 0, 0, NULL},
        {"--time", COMMAND_LINE_INT, &options->test_time_s, 1, INT_MAX, NULL},
        {"--export_csv", COMMAND_LINE_TEXT, &options->csv_file, 0, 0, NULL},
        {"--write_batch", COMMAND_LINE_ON_OFF, &options->write_batch, 0, 1, NULL},
    };
    if (command_line_parse(argc, argv, &options->role, table, sizeof table / sizeof *table, usage))
        return 2;
    if (!strcmp(options->role, "subscriber"))
        return 0;
    if (!options->demands_file || !options->recoveries_file) {
        pingpong_fail("the publisher needs --file DEMANDS and --recoveries_file RECOVERIES");
        return usage();
    }
    return read_grid(options) ? 2 : 0;
}

void throughput_count_init(throughput_count *count)
{
    memset(count, 0, sizeof *count);
    pthread_mutex_init(&count->lock, NULL);
    pthread_cond_init(&count->changed, NULL);
}

void throughput_count_command(throughput_count *count, uint32_t command, uint32_t seqnum)
{
    double now = pingpong_now_us();
    pthread_mutex_lock(&count->lock);
    if (command == TEST_STARTS) {
        count->base = seqnum;
        count->received = 0;
        count->started_us = now;
    } else if (command == TEST_ENDS) {
        count->result = (throughput_result){.received = count->received,
                                            .totaltime_us = (uint64_t)(now - count->started_us)};
        count->result_pending = 1;
    } else if (command == ALL_STOPS) {
        count->stopped = 1;
    }
    pthread_cond_signal(&count->changed);
    pthread_mutex_unlock(&count->lock);
}

int throughput_serve(throughput_count *count, int (*send_result)(void *side, const throughput_result *result),
                     void *side)
{
    int status = 0;
    pthread_mutex_lock(&count->lock);
    while (!status && !count->stopped) {
        if (count->result_pending) {
            throughput_result result = count->result;
            count->result_pending = 0;
            pthread_mutex_unlock(&count->lock);
            status = send_result && send_result(side, &result) ? 1 : 0;
            pthread_mutex_lock(&count->lock);
        } else {
            pthread_cond_wait(&count->changed, &count->lock);
        }
    }
    pthread_mutex_unlock(&count->lock);
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
static int run_case(const throughput_driver *driver, void *side, const throughput_options *options,
                    uint32_t payload, uint32_t *seqnum, uint32_t demand, uint32_t recovery_ms, FILE *csv)
{
    double ack_us = driver->command(side, TEST_STARTS, *seqnum);
    if (ack_us < 0)
        return -1;
    double test_time_us = options->test_time_s * 1e6, recovery_us = recovery_ms * 1e3;
    double start = pingpong_now_us(), end = start;
    uint64_t sent = 0;
    while (end - start < test_time_us) {
        double burst_start = pingpong_now_us();
        for (uint32_t i = 0; i < demand; ++i) {
            int written = driver->write(side, *seqnum + 1);
            if (written < 0)
                return -1;
            *seqnum += (uint32_t)written;
            sent += (uint64_t)written;
        }
        if (driver->end_burst)
            driver->end_burst(side);
        end = pingpong_now_us();
        sleep_us(recovery_us - (end - burst_start));
    }
    /* The subscriber counts until TEST_ENDS reaches it, and a driver sends TEST_ENDS after what
     * it sent before (a reliable writer's samples acknowledged first): a sample it has not
     * received by then, a best-effort one still in flight included, is lost to this case. */
    throughput_result result;
    if (driver->command(side, TEST_ENDS, *seqnum) < 0 || driver->result(side, &result))
        return -1;
    uint64_t received = result.received;
    if (received > sent) {
        pingpong_fail("the subscriber counted %llu samples of a case that sent %llu", (unsigned long long)received,
                      (unsigned long long)sent);
        return -1;
    }
    uint64_t lost = sent - received;
    double publication_us = end - start, subscription_us = (double)result.totaltime_us - ack_us;
    fprintf(csv, "%u,%u,%u,%llu,%.3f,%.3f,%.3f,%llu,%llu,%.3f,%.3f,%.3f\n", payload, demand, recovery_ms,
            (unsigned long long)sent, publication_us, sent * 1e6 / publication_us,
            sent * payload * 8.0 / publication_us, (unsigned long long)received, (unsigned long long)lost,
            subscription_us, received * 1e6 / subscription_us, received * payload * 8.0 / subscription_us);
    fflush(csv);
    printf("%6u B x %6u x %3u ms: sent %llu, received %llu, lost %llu, %.1f Mb/s\n", payload, demand, recovery_ms,
           (unsigned long long)sent, (unsigned long long)received, (unsigned long long)lost,
           received * payload * 8.0 / subscription_us);
    fflush(stdout);
    return 0;
}

static int run_publisher(const throughput_driver *driver, void *side, const throughput_options *options)
{
    FILE *csv = stdout;
    if (options->csv_file && !(csv = fopen(options->csv_file, "w"))) {
        pingpong_fail("%s: cannot write the results: %s", options->csv_file, strerror(errno));
        return 1;
    }
    fprintf(csv, "Payload [Bytes],Demand [sample/burst],Recovery time [ms],Sent [samples],Publication time [us],"
                 "Publication sample rate [Sample/s],Publication throughput [Mb/s],Received [samples],"
                 "Lost [samples],Subscription time [us],Subscription sample rate [Sample/s],"
                 "Subscription throughput [Mb/s]\n");
    uint32_t seqnum = 0;
    int status = 0;
    for (int p = 0; p < options->payload_count && !status; ++p) {
        const throughput_payload *entry = &options->payloads[p];
        if (driver->start_payload(side, entry->payload, entry->max_demand)) {
            status = 1;
            break;
        }
        for (int d = 0; d < entry->demand_count && !status; ++d)
            for (int r = 0; r < options->recovery_count && !status; ++r)
                status = run_case(driver, side, options, entry->payload, &seqnum, entry->demands[d],
                                  options->recoveries_ms[r], csv) ? 1 : 0;
        driver->end_payload(side);
    }
    if (!status && driver->command(side, ALL_STOPS, seqnum) < 0)
        status = 1;
    if (csv != stdout && fclose(csv)) {
        pingpong_fail("%s: cannot write the results: %s", options->csv_file, strerror(errno));
        status = 1;
    }
    return status;
}

typedef struct {
    const throughput_driver *driver;
    const throughput_options *options;
    int status;
} subscriber_thread_arguments;

static int run_subscriber(const throughput_driver *driver, const throughput_options *options)
{
    void *side = driver->open(options, PINGPONG_SUBSCRIBER);
    if (!side)
        return 1;
    int status = driver->serve(side);
    driver->close(side);
    return status;
}

static void *subscriber_thread(void *opaque)
{
    subscriber_thread_arguments *arguments = opaque;
    arguments->status = run_subscriber(arguments->driver, arguments->options);
    return NULL;
}

int throughput_main(int argc, char **argv, throughput_choose_driver choose, const char *program)
{
    pingpong_name_program(program);
    throughput_options options;
    const throughput_driver *driver = NULL;
    int status = parse(argc, argv, &options);
    if (!status && !(driver = choose(&options)))
        status = 2;  /* no driver for these options: bad input, said by choose */
    if (status)
        return status;
    if (!strcmp(options.role, "subscriber"))
        return run_subscriber(driver, &options);
    /* both: the subscriber is a second side of this process, which the middleware delivers to without the network */
    subscriber_thread_arguments subscriber = {driver, &options, 0};
    pingpong_second_side subscriber_side;  /* it ends on ALL_STOPS */
    if (pingpong_start_second_side(&subscriber_side, options.role, subscriber_thread, &subscriber,
                                   "the subscriber's thread"))
        return 1;
    void *side = driver->open(&options, PINGPONG_PUBLISHER);
    status = side ? run_publisher(driver, side, &options) : 1;
    pingpong_join_second_side(&subscriber_side, status);
    if (side)
        driver->close(side);
    return status ? status : subscriber.status;
}
