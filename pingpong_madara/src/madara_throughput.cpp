/* MadaraThroughput: Fast DDS ThroughputTest's method, command line and CSV export
 * (pingpong/src/throughput_core.h) on MADARA knowledge bases (third_party/madara), with the
 * transports and settings file of MadaraLatency (madara_transport.h).
 *
 * The publisher's knowledge base sets the variable `data` (a binary record of exactly
 * `payload` bytes: its length and sequence number, then zeros) and sends it, one MADARA
 * message per sample (set with SEND: nothing batched, as in ThroughputTest); the subscriber
 * counts what arrives in a receive filter on MADARA's read thread (where MADARA's own
 * network_profiler takes it), before MADARA applies it to its knowledge base.
 *
 * Commands: MADARA has no reliability, so a command is the variable `command` [kind, id,
 * sequence number], sent again every RESEND_MS until the subscriber answers with `answer`
 * [id, received, subscriber's time in us]; the subscriber acts on a command id once
 * and answers every copy (to TEST_ENDS with the case's result, so a result is never lost
 * either). A copy sent again is counted and printed; a TEST_ENDS lost and sent again
 * lengthens the subscriber's time by up to RESEND_MS. Before the grid the publisher asks
 * until the subscriber answers (HELLO): it may not be listening yet. A payload needs no new
 * endpoint (MADARA has no history to size): max_demand is not used. */
#include "madara_transport.h"
#include "throughput_core.h"

#include "madara/logger/GlobalLogger.h"

#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <vector>

namespace knowledge = madara::knowledge;
namespace transport = madara::transport;

namespace {

constexpr int RESEND_MS = 5;
constexpr uint32_t HELLO = 0;  // a command that starts nothing: the subscriber's answer says it listens

struct Side {
    knowledge::KnowledgeBase kb;
    SideListener<Side> listener{*this};
    std::unique_ptr<madara::filters::AESBufferFilter> aes;
    bool subscriber = false;
    // the publisher's
    knowledge::VariableReference data, command;
    std::vector<unsigned char> message;
    uint32_t payload = 0;
    int64_t command_id = 0;
    long resends = 0;
    std::mutex lock;  // guards the answer below
    std::condition_variable answered;
    int64_t answered_id = 0;
    throughput_result result{};
    // the subscriber's
    knowledge::VariableReference answer;
    throughput_count count;
    int64_t handled_id = 0;      // read thread only
    Side* peer = nullptr;        // shared_memory, the publisher's side: the subscriber's, closed with it
    bool owned_by_peer = false;  // shared_memory, the subscriber's side
};

void count_sample(Side& side, const knowledge::KnowledgeRecord& record)
{
    auto data = record.share_binary();
    if (!data || data->size() < 8)
        return;
    uint32_t seqnum;
    std::memcpy(&seqnum, data->data() + 4, 4);
    pthread_mutex_lock(&side.count.lock);
    throughput_count_sample(&side.count, seqnum);
    pthread_mutex_unlock(&side.count.lock);
}

void answer_command(Side& side, const knowledge::KnowledgeRecord& record)
{
    std::vector<int64_t> command = record.to_integers();  // kind, id, seqnum
    if (command.size() != 3)
        return;
    if (command[1] > side.handled_id) {  // not a copy sent again
        side.handled_id = command[1];
        throughput_count_command(&side.count, (uint32_t)command[0], (uint32_t)command[2]);
    }
    pthread_mutex_lock(&side.count.lock);
    throughput_result result = side.count.result;
    pthread_mutex_unlock(&side.count.lock);
    side.kb.set(side.answer, std::vector<int64_t>{command[1], (int64_t)result.received, (int64_t)result.totaltime_us},
                knowledge::EvalSettings::SEND);
}

void take_answer(Side& side, const knowledge::KnowledgeRecord& record)
{
    std::vector<int64_t> answer = record.to_integers();  // id, received, totaltime_us
    if (answer.size() != 3)
        return;
    std::lock_guard<std::mutex> guard(side.lock);
    if (answer[0] <= side.answered_id)
        return;
    side.answered_id = answer[0];
    side.result = {(uint64_t)answer[1], (uint64_t)answer[2]};
    side.answered.notify_one();
}

/* MADARA's read thread (shared_memory: the sender's thread): count, answer, or take the answer. */
void on_receive(Side& side, knowledge::KnowledgeMap& records)
{
    if (side.subscriber) {
        auto found = records.find("data");
        if (found != records.end())
            count_sample(side, found->second);
        found = records.find("command");
        if (found != records.end())
            answer_command(side, found->second);
    } else {
        auto found = records.find("answer");
        if (found != records.end())
            take_answer(side, found->second);
    }
}

/* A command sent until the subscriber answers: the microseconds from the first send, or -1. */
double ask(Side* side, uint32_t kind, uint32_t seqnum, int wait_s, const char* name)
{
    int64_t id = ++side->command_id;
    std::vector<int64_t> command{kind, id, seqnum};
    double start = pingpong_now_us(), deadline = start + wait_s * 1e6;
    for (;;) {
        side->kb.set(side->command, command, knowledge::EvalSettings::SEND);
        std::unique_lock<std::mutex> guard(side->lock);
        if (side->answered.wait_for(guard, std::chrono::milliseconds(RESEND_MS),
                                    [side, id] { return side->answered_id >= id; }))
            return pingpong_now_us() - start;
        if (pingpong_now_us() > deadline) {
            pingpong_fail("the subscriber did not answer %s within %d s", name, wait_s);
            return -1;
        }
        ++side->resends;
    }
}

MadaraConfiguration configuration;  // read once, before either side opens (choose_madara)
MemoryRendezvous<Side> memory;      // shared_memory: the subscriber's side waits here for the publisher's

void madara_close(void* opaque)
{
    Side* side = static_cast<Side*>(opaque);
    if (side->owned_by_peer)
        return;  // the publisher's thread may still be delivering to it: closed with the publisher's side
    if (side->resends)
        printf("%ld command(s) sent again (no answer within %d ms)\n", side->resends, RESEND_MS);
    side->kb.close_transport();
    if (side->peer && side->peer->count.stopped) {  // not stopped: its thread still waits, the process ends
        side->peer->kb.close_transport();
        delete side->peer;
    }
    delete side;
}

void* madara_open(const throughput_options* options, enum pingpong_side which)
{
    auto side = std::make_unique<Side>();
    side->subscriber = which == PINGPONG_SUBSCRIBER;
    throughput_count_init(&side->count);
    transport::QoSTransportSettings settings;
    if (!side_settings(configuration, options->domain, side->aes, settings))
        return nullptr;
    if (side->subscriber) {
        side->answer = side->kb.get_ref("answer");
        if (configuration.in_memory()) {
            memory.offer(side.get());
            return side.release();
        }
        return attach_network_transport(side->kb, configuration, settings, side->listener) ? side.release() : nullptr;
    }
    side->data = side->kb.get_ref("data");
    side->command = side->kb.get_ref("command");
    side->message.assign(options->max_payload, 0);
    if (!(configuration.in_memory() ? memory.join(*side, settings)
                                    : attach_network_transport(side->kb, configuration, settings, side->listener)))
        return nullptr;
    if (ask(side.get(), HELLO, 0, THROUGHPUT_MATCH_WAIT_S, "HELLO (is it there?)") < 0) {
        madara_close(side.release());
        return nullptr;
    }
    return side.release();
}

int madara_start_payload(void* opaque, uint32_t payload, uint32_t)
{
    Side* side = static_cast<Side*>(opaque);
    side->payload = payload;
    std::memcpy(side->message.data(), &payload, 4);
    return 0;
}

int madara_write(void* opaque, uint32_t seqnum)
{
    Side* side = static_cast<Side*>(opaque);
    std::memcpy(side->message.data() + 4, &seqnum, 4);
    // a send MADARA could not make is a lost sample, as a best-effort write's
    side->kb.set_file(side->data, side->message.data(), side->payload, knowledge::EvalSettings::SEND);
    return 1;
}

void madara_end_payload(void*) {}

double madara_command(void* opaque, enum throughput_command command, uint32_t seqnum)
{
    static const char* names[] = {"", "TEST_STARTS", "TEST_ENDS", "TEST_RESULTS", "ALL_STOPS"};
    return ask(static_cast<Side*>(opaque), command, seqnum, THROUGHPUT_WAIT_S, names[command]);
}

/* The answer to TEST_ENDS carried the result. */
int madara_result(void* opaque, throughput_result* result)
{
    Side* side = static_cast<Side*>(opaque);
    std::lock_guard<std::mutex> guard(side->lock);
    *result = side->result;
    return 0;
}

int madara_serve(void* opaque)
{
    return throughput_serve(&static_cast<Side*>(opaque)->count, nullptr, nullptr);
}

/* Bad settings are bad input (exit 2), found before anything opens. */
const throughput_driver* choose_madara(const throughput_options* options)
{
    static const throughput_driver madara = {
        madara_open, madara_start_payload, madara_write, nullptr, madara_end_payload,
        madara_command, madara_result, madara_serve, madara_close,
    };
    if (options->reliability && std::strcmp(options->reliability, "best_effort")) {
        pingpong_fail("--reliability %s: MADARA has no reliability (its transports send each update once)",
                      options->reliability);
        return nullptr;
    }
    return read_madara_configuration(options->config, options->role, configuration) ? &madara : nullptr;
}

}  // namespace

int main(int argc, char** argv)
{
    madara::logger::global_logger->set_level(madara::logger::LOG_ERROR);
    return throughput_main(argc, argv, choose_madara, "MadaraThroughput");
}
