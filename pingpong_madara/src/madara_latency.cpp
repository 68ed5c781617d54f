/* MadaraLatency: LatencyTest's ping-pong on MADARA knowledge bases (third_party/madara).
 * The publisher's knowledge base sets the variable `ping` (a binary record of exactly
 * `payload` bytes: its length and sequence number, then zeros) and sends it; the
 * subscriber's sets `pong` to what it received and sends it back. The transport and its
 * settings come from an XML file (--config; madara_transport.h).
 *
 * LatencyTest's method: both sides take what arrives in a receive filter
 * (madara::filters::AggregateFilter, where MADARA's own network_profiler takes its latency)
 * on MADARA's read thread. The subscriber echoes there; the publisher stamps the echo's
 * arrival there and hands it to its main thread.
 */
#include "madara_transport.h"
#include "pingpong.h"

#include "madara/logger/GlobalLogger.h"

#include <chrono>
#include <condition_variable>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace knowledge = madara::knowledge;
namespace transport = madara::transport;

namespace {

/* One side: its knowledge base, the variable it writes, what it takes from the other side. */
struct Side {
    knowledge::KnowledgeBase kb;
    knowledge::VariableReference out;
    std::string in_key;
    bool echo = false;
    SideListener<Side> listener{*this};
    std::unique_ptr<madara::filters::AESBufferFilter> aes;
    std::vector<unsigned char> message;
    std::mutex lock;  // guards the mailbox below
    std::condition_variable arrived;
    bool full = false, stopped = false;
    uint32_t seq = 0, payload = 0;
    double arrived_us = 0;
    Side* peer = nullptr;        // shared_memory, the publisher's side: the echo side, closed with it
    bool owned_by_peer = false;  // shared_memory, the echo side
};

/* MADARA's read thread: take what arrived; echo it, or post it with its arrival time. */
void on_receive(Side& side, knowledge::KnowledgeMap& records)
{
    auto found = records.find(side.in_key);
    if (found == records.end())
        return;
    double now = pingpong_now_us();
    auto data = found->second.share_binary();
    if (!data || data->size() < 8)
        return;
    uint32_t payload, seq;
    std::memcpy(&payload, data->data(), 4);
    std::memcpy(&seq, data->data() + 4, 4);
    if (side.echo)  // the stop message too: its echo tells the publisher this side ends
        side.kb.set_file(side.out, data->data(), data->size(), knowledge::EvalSettings::SEND);
    if (!side.echo || seq == PINGPONG_STOP) {
        std::lock_guard<std::mutex> guard(side.lock);
        side.seq = seq;
        side.payload = payload;
        side.arrived_us = now;
        side.full = true;  // an unread one is replaced, as a keep-last 1 reader's
        side.stopped = side.stopped || side.echo;
        side.arrived.notify_one();
    }
}

MemoryRendezvous<Side> memory;  // shared_memory: the echo side waits here for the publisher's

MadaraConfiguration configuration;  // read once, before either side opens (choose_madara)

void* madara_open(const pingpong_options* options, enum pingpong_side which)
{
    auto side = std::make_unique<Side>();
    bool publisher = which == PINGPONG_PUBLISHER;
    side->echo = !publisher;
    side->out = side->kb.get_ref(publisher ? "ping" : "pong");
    side->in_key = publisher ? "pong" : "ping";
    side->message.assign(options->max_payload, 0);
    transport::QoSTransportSettings settings;
    if (!side_settings(configuration, options->domain, side->aes, settings))
        return nullptr;
    if (configuration.in_memory()) {
        if (!publisher) {
            memory.offer(side.get());
            return side.release();
        }
        return memory.join(*side, settings) ? side.release() : nullptr;
    }
    if (!attach_network_transport(side->kb, configuration, settings, side->listener))
        return nullptr;
    return side.release();
}

int madara_send(void* opaque, uint32_t seq, uint32_t payload)
{
    Side* side = static_cast<Side*>(opaque);
    std::memcpy(side->message.data(), &payload, 4);
    std::memcpy(side->message.data() + 4, &seq, 4);
    // SEND: set and send at once (set_file's default delays sending); a send MADARA could not
    // make is a lost sample, as a best-effort write's
    side->kb.set_file(side->out, side->message.data(), payload, knowledge::EvalSettings::SEND);
    return 0;
}

/* The publisher's side: wait for what the listener posted (its arrival time stamped there). */
int madara_receive(void* opaque, int timeout_ms, uint32_t* seq, uint32_t* payload, double* arrived_us)
{
    Side* side = static_cast<Side*>(opaque);
    std::unique_lock<std::mutex> guard(side->lock);
    if (timeout_ms < 0)
        side->arrived.wait(guard, [side] { return side->full; });
    else
        side->arrived.wait_for(guard, std::chrono::milliseconds(timeout_ms), [side] { return side->full; });
    if (!side->full)
        return 0;
    *seq = side->seq;
    *payload = side->payload;
    *arrived_us = side->arrived_us;
    side->full = false;
    return 1;
}

/* The subscriber's side: the listener echoes; wait for the stop message. */
int madara_serve(void* opaque)
{
    Side* side = static_cast<Side*>(opaque);
    std::unique_lock<std::mutex> guard(side->lock);
    side->arrived.wait(guard, [side] { return side->stopped; });
    return 0;
}

void madara_close(void* opaque)
{
    Side* side = static_cast<Side*>(opaque);
    if (side->owned_by_peer)
        return;  // the publisher's thread may still be delivering to it: closed with the publisher's side
    side->kb.close_transport();
    if (side->peer && side->peer->stopped) {  // not stopped: its thread still waits, the process ends
        side->peer->kb.close_transport();
        delete side->peer;
    }
    delete side;
}

/* Bad settings are bad input (exit 2), found before anything opens. */
const pingpong_driver* choose_madara(const pingpong_options* options)
{
    static const pingpong_driver madara = {madara_open, madara_send, madara_receive, madara_close, madara_serve};
    return read_madara_configuration(options->config, options->role, configuration) ? &madara : nullptr;
}

}  // namespace

int main(int argc, char** argv)
{
    madara::logger::global_logger->set_level(madara::logger::LOG_ERROR);
    return pingpong_main(argc, argv, choose_madara, "MadaraLatency");
}
