/* MadaraLatency: LatencyTest's ping-pong on MADARA knowledge bases (third_party/madara).
 * The publisher's knowledge base sets the variable `ping` (a binary record of exactly
 * `payload` bytes: its length and sequence number, then zeros) and sends it; the
 * subscriber's sets `pong` to what it received and sends it back. The transport and its
 * settings come from an XML file (--config; the backend renders profiles/madara/), named as
 * MADARA's TransportSettings fields:
 *
 *   <madara>
 *     <transport>udp</transport>        udp, zmq or shared_memory (two knowledge bases of one
 *                                       process, MADARA's SharedMemoryPush: role `both`)
 *     <hosts><host>OWN</host><host>PEER</host></hosts>   udp: ip:port; zmq: tcp://ip:port
 *     <queue_length>1000000</queue_length>               optional, as the fields below
 *     <read_threads>1</read_threads>
 *     <read_thread_hertz>0</read_thread_hertz>
 *     <max_fragment_size>62000</max_fragment_size>
 *     <fragment_queue_length>5</fragment_queue_length>
 *     <read_wait>poll</read_wait>       udp: poll (default) or madara, see below
 *     <aes_password_file>F</aes_password_file>  MADARA's AES buffer filter, key from F
 *   </madara>
 *
 * LatencyTest's method: both sides take what arrives in a receive filter
 * (madara::filters::AggregateFilter, where MADARA's own network_profiler takes its latency)
 * on MADARA's read thread. The subscriber echoes there; the publisher stamps the echo's
 * arrival there and hands it to its main thread.
 *
 * read_wait: MADARA's UDP read thread reads a non-blocking socket once per period of
 * read_thread_hertz (default 1 kHz: up to 1 ms per hop; 0: a loop that never sleeps, which
 * under SCHED_FIFO on one CPU starves the process's other threads). With `poll` the read
 * thread first waits in poll() for a datagram, then runs MADARA's own read step
 * (UdpTransportReadThread::run) unchanged: a receive thread blocked until data arrives, as
 * in every other program here. `madara` leaves MADARA's loop as it is. ZeroMQ's read thread
 * already blocks in zmq_recv. */
#include "pingpong.h"

#include "madara/filters/AggregateFilter.h"
#include "madara/filters/ssl/AESBufferFilter.h"
#include "madara/knowledge/KnowledgeBase.h"
#include "madara/logger/GlobalLogger.h"
#include "madara/transport/QoSTransportSettings.h"
#include "madara/transport/SharedMemoryPush.h"
#include "madara/transport/udp/UdpTransport.h"
#include "madara/transport/udp/UdpTransportReadThread.h"
#include "madara/transport/zmq/ZMQTransport.h"

#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>

#include <poll.h>

#include <chrono>
#include <condition_variable>
#include <cstring>
#include <fstream>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

namespace knowledge = madara::knowledge;
namespace transport = madara::transport;

namespace {

constexpr int READ_WAIT_MS = 100;  // how soon a waiting read thread sees its transport closing
constexpr int MEMORY_PEER_WAIT_S = 30;

/* What the configuration file says. */
struct MadaraConfiguration {
    std::string transport;
    transport::QoSTransportSettings settings;
    bool poll_udp = true;
    std::string aes_password_file;
};

/* One side: its knowledge base, the variable it writes, what it takes from the other side. */
struct Side;

class Listener : public madara::filters::AggregateFilter {
public:
    explicit Listener(Side& side) : side_(side) {}
    void filter(knowledge::KnowledgeMap& records, const transport::TransportContext&, knowledge::Variables&) override;

private:
    Side& side_;
};

struct Side {
    knowledge::KnowledgeBase kb;
    knowledge::VariableReference out;
    std::string in_key;
    bool echo = false;
    Listener listener{*this};
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
void Listener::filter(knowledge::KnowledgeMap& records, const transport::TransportContext&, knowledge::Variables&)
{
    auto found = records.find(side_.in_key);
    if (found == records.end())
        return;
    double now = pingpong_now_us();
    auto data = found->second.share_binary();
    if (!data || data->size() < 8)
        return;
    uint32_t payload, seq;
    std::memcpy(&payload, data->data(), 4);
    std::memcpy(&seq, data->data() + 4, 4);
    if (side_.echo)  // the stop message too: its echo tells the publisher this side ends
        side_.kb.set_file(side_.out, data->data(), data->size(), knowledge::EvalSettings::SEND);
    if (!side_.echo || seq == PINGPONG_STOP) {
        std::lock_guard<std::mutex> guard(side_.lock);
        side_.seq = seq;
        side_.payload = payload;
        side_.arrived_us = now;
        side_.full = true;  // an unread one is replaced, as a keep-last 1 reader's
        side_.stopped = side_.stopped || side_.echo;
        side_.arrived.notify_one();
    }
}

/* A UDP read thread that waits in poll() for a datagram, then runs MADARA's read step. */
class PollingUdpReadThread : public transport::UdpTransportReadThread {
public:
    PollingUdpReadThread(transport::UdpTransport& owner, int socket)
        : transport::UdpTransportReadThread(owner), socket_(socket) {}

    void run(void) override
    {
        pollfd ready = {socket_, POLLIN, 0};
        if (poll(&ready, 1, READ_WAIT_MS) > 0)
            transport::UdpTransportReadThread::run();
    }

private:
    int socket_;
};

class PollingUdpTransport : public transport::UdpTransport {
public:
    PollingUdpTransport(const std::string& id, knowledge::ThreadSafeContext& context,
                        transport::TransportSettings& settings)
        : transport::UdpTransport(id, context, settings, false)
    {
        setup();  // here, not in UdpTransport's constructor: there it would start UdpTransport's read thread
    }

protected:
    int setup_read_thread(double hertz, const std::string& name) override
    {
        read_threads_.run(hertz, name, new PollingUdpReadThread(*this, socket_.native_handle()));
        return 0;
    }
};

/* An optional number: left as MADARA's default when absent, bad input when not a number. */
template <typename Number>
bool read_number(const char* path, const boost::property_tree::ptree& root, const char* name, Number& field)
{
    auto child = root.get_child_optional(name);
    if (!child)
        return true;
    auto value = child->get_value_optional<Number>();
    if (!value) {
        pingpong_fail("%s: <%s> is not a number: '%s'", path, name, child->data().c_str());
        return false;
    }
    field = *value;
    return true;
}

bool read_configuration(const char* path, MadaraConfiguration& into)
{
    if (!path) {
        pingpong_fail("--config: MADARA settings (XML) are required");
        return false;
    }
    namespace pt = boost::property_tree;
    try {
        pt::ptree tree;
        pt::read_xml(path, tree, pt::xml_parser::no_comments);
        const pt::ptree& root = tree.get_child("madara");
        auto& settings = into.settings;
        into.transport = root.get<std::string>("transport");
        if (auto hosts = root.get_child_optional("hosts"))
            for (const auto& host : *hosts)
                settings.hosts.push_back(host.second.get_value<std::string>());
        if (!read_number(path, root, "queue_length", settings.queue_length)
            || !read_number(path, root, "read_threads", settings.read_threads)
            || !read_number(path, root, "read_thread_hertz", settings.read_thread_hertz)
            || !read_number(path, root, "max_fragment_size", settings.max_fragment_size)
            || !read_number(path, root, "fragment_queue_length", settings.fragment_queue_length))
            return false;
        std::string wait = root.get<std::string>("read_wait", "poll");
        into.aes_password_file = root.get<std::string>("aes_password_file", "");
        if (wait != "poll" && wait != "madara") {
            pingpong_fail("%s: read_wait '%s' (poll or madara)", path, wait.c_str());
            return false;
        }
        into.poll_udp = wait == "poll";
        if (into.transport == "udp")
            settings.type = transport::UDP;
        else if (into.transport == "zmq")
            settings.type = transport::ZMQ;
        else if (into.transport != "shared_memory") {
            pingpong_fail("%s: transport '%s' (udp, zmq or shared_memory)", path, into.transport.c_str());
            return false;
        }
        if (into.transport != "shared_memory" && settings.hosts.size() < 2) {
            pingpong_fail("%s: %s needs <hosts> with this side's address first, then the peer's", path,
                          into.transport.c_str());
            return false;
        }
    } catch (const pt::file_parser_error& error) {
        pingpong_fail("%s:%lu: %s", path, error.line(), error.message().c_str());
        return false;
    } catch (const pt::ptree_error& error) {  // a required element missing or not a number
        pingpong_fail("%s: %s", path, error.what());
        return false;
    }
    return true;
}

bool use_aes(Side& side, const std::string& password_file, transport::QoSTransportSettings& settings)
{
    std::ifstream file(password_file);
    std::stringstream password;
    password << file.rdbuf();
    if (!file || password.str().empty()) {
        pingpong_fail("%s: cannot read the AES password", password_file.c_str());
        return false;
    }
    side.aes.reset(new madara::filters::AESBufferFilter());
    if (side.aes->generate_key(password.str())) {
        pingpong_fail("%s: MADARA could not make an AES key of it", password_file.c_str());
        return false;
    }
    settings.add_filter(side.aes.get());
    return true;
}

/* shared_memory: the two knowledge bases of the process meet here. */
struct {
    std::mutex lock;
    std::condition_variable registered;
    Side* echo = nullptr;
} memory;

/* MADARA's SharedMemoryPush applies an update to the other knowledge bases on the sender's
 * thread and runs its own settings' receive filters on it first: a side's listener goes on
 * the transport that delivers to it, the peer's. */
bool connect_in_memory(Side& publisher, const transport::QoSTransportSettings& base)
{
    std::unique_lock<std::mutex> guard(memory.lock);
    if (!memory.registered.wait_for(guard, std::chrono::seconds(MEMORY_PEER_WAIT_S), [] { return memory.echo; })) {
        pingpong_fail("shared_memory: the echo side's knowledge base did not appear within %d s",
                      MEMORY_PEER_WAIT_S);
        return false;
    }
    Side& echo = *memory.echo;
    echo.owned_by_peer = true;
    publisher.peer = &echo;
    for (auto [from, to] : {std::pair<Side*, Side*>{&publisher, &echo}, {&echo, &publisher}}) {
        transport::QoSTransportSettings settings(base);
        settings.add_receive_filter(&to->listener);
        auto* push = new transport::SharedMemoryPush(from->kb.get_id(), settings, from->kb);
        std::vector<knowledge::KnowledgeBase> peers{to->kb};
        push->set(peers);
        from->kb.attach_transport(push);
    }
    return true;
}

MadaraConfiguration configuration;  // read once, before either side opens (choose_madara)

void* madara_open(const pingpong_options* options, enum pingpong_side which)
{
    auto side = std::make_unique<Side>();
    bool publisher = which == PINGPONG_PUBLISHER;
    side->echo = !publisher;
    side->out = side->kb.get_ref(publisher ? "ping" : "pong");
    side->in_key = publisher ? "pong" : "ping";
    side->message.assign(options->max_payload, 0);
    transport::QoSTransportSettings settings(configuration.settings);  // each side adds its own filters
    settings.write_domain = "latency_gate." + std::to_string(options->domain);
    if (!configuration.aes_password_file.empty() && !use_aes(*side, configuration.aes_password_file, settings))
        return nullptr;
    if (configuration.transport == "shared_memory") {
        if (publisher) {
            if (!connect_in_memory(*side, settings))
                return nullptr;
        } else {
            std::lock_guard<std::mutex> guard(memory.lock);
            memory.echo = side.get();
            memory.registered.notify_all();
        }
        return side.release();
    }
    settings.add_receive_filter(&side->listener);
    transport::Base* attached;
    if (settings.type == transport::UDP && configuration.poll_udp)
        attached = new PollingUdpTransport(side->kb.get_id(), side->kb.get_context(), settings);
    else if (settings.type == transport::UDP)
        attached = new transport::UdpTransport(side->kb.get_id(), side->kb.get_context(), settings, true);
    else
        attached = new transport::ZMQTransport(side->kb.get_id(), side->kb.get_context(), settings, true);
    if (attached->check_transport() != 0) {
        pingpong_fail("MADARA could not set up its %s transport on %s (address in use, or not this host's?)",
                      configuration.transport.c_str(), settings.hosts[0].c_str());
        delete attached;
        return nullptr;
    }
    side->kb.attach_transport(attached);
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
    if (!read_configuration(options->config, configuration))
        return nullptr;
    if (configuration.transport == "shared_memory" && std::strcmp(options->role, "both")) {
        pingpong_fail("%s: transport 'shared_memory' needs the role 'both' (two knowledge bases of one process)",
                      options->config);
        return nullptr;
    }
    return &madara;
}

}  // namespace

int main(int argc, char** argv)
{
    madara::logger::global_logger->set_level(madara::logger::LOG_ERROR);
    return pingpong_main(argc, argv, choose_madara, "MadaraLatency");
}
