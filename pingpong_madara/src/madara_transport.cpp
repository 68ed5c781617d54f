#include "madara_transport.h"

#include "pingpong.h"

#include "madara/transport/SharedMemoryPush.h"
#include "madara/transport/udp/UdpTransport.h"
#include "madara/transport/udp/UdpTransportReadThread.h"
#include "madara/transport/zmq/ZMQTransport.h"

#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>

#include <poll.h>

#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>
#include <vector>

namespace knowledge = madara::knowledge;
namespace transport = madara::transport;

namespace {

constexpr int READ_WAIT_MS = 100;  // how soon a waiting read thread sees its transport closing

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

/* An optional number: left as MADARA's default when absent; bad input when not a number from
 * `minimum` to the field's largest (a whole one for a whole field): boost reads "-1" into an unsigned
 * field as its largest value, and MADARA takes 0 threads or a 0-byte fragment without a word. */
template <typename Number>
bool read_number(const char* path, const boost::property_tree::ptree& root, const char* name, Number& field,
                 double minimum)
{
    auto child = root.get_child_optional(name);
    if (!child)
        return true;
    auto value = child->get_value_optional<double>();
    const bool whole = std::numeric_limits<Number>::is_integer;
    const double largest = static_cast<double>(std::numeric_limits<Number>::max());
    if (!value || !std::isfinite(*value) || *value < minimum || *value > largest
        || (whole && *value != std::floor(*value))) {
        pingpong_fail("%s: <%s> is not a %s from %g to %.10g: '%s'", path, name, whole ? "whole number" : "number",
                      minimum, largest, child->data().c_str());
        return false;
    }
    field = static_cast<Number>(*value);
    return true;
}

}  // namespace

bool read_madara_configuration(const char* path, const char* role, MadaraConfiguration& into)
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
        if (!read_number(path, root, "queue_length", settings.queue_length, 1)
            || !read_number(path, root, "read_threads", settings.read_threads, 1)
            || !read_number(path, root, "read_thread_hertz", settings.read_thread_hertz, 0)
            || !read_number(path, root, "max_fragment_size", settings.max_fragment_size, 1)
            || !read_number(path, root, "fragment_queue_length", settings.fragment_queue_length, 1))
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
        else if (!into.in_memory()) {
            pingpong_fail("%s: transport '%s' (udp, zmq or shared_memory)", path, into.transport.c_str());
            return false;
        }
        if (into.in_memory() && std::string(role) != "both") {
            pingpong_fail("%s: transport 'shared_memory' needs the role 'both' (two knowledge bases of one process)",
                          path);
            return false;
        }
        if (!into.in_memory() && settings.hosts.size() < 2) {
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

bool side_settings(const MadaraConfiguration& configuration, int domain,
                   std::unique_ptr<madara::filters::AESBufferFilter>& aes, transport::QoSTransportSettings& settings)
{
    settings = configuration.settings;  // each side adds its own filters
    settings.write_domain = "latency_gate." + std::to_string(domain);
    const std::string& password_file = configuration.aes_password_file;
    if (password_file.empty())
        return true;
    std::ifstream file(password_file);
    std::stringstream password;
    password << file.rdbuf();
    if (!file || password.str().empty()) {
        pingpong_fail("%s: cannot read the AES password", password_file.c_str());
        return false;
    }
    aes.reset(new madara::filters::AESBufferFilter());
    if (aes->generate_key(password.str())) {
        pingpong_fail("%s: MADARA could not make an AES key of it", password_file.c_str());
        return false;
    }
    settings.add_filter(aes.get());
    return true;
}

bool attach_network_transport(knowledge::KnowledgeBase& kb, const MadaraConfiguration& configuration,
                              transport::QoSTransportSettings settings, madara::filters::AggregateFilter& listener)
{
    settings.add_receive_filter(&listener);
    transport::Base* attached;
    if (settings.type == transport::UDP && configuration.poll_udp)
        attached = new PollingUdpTransport(kb.get_id(), kb.get_context(), settings);
    else if (settings.type == transport::UDP)
        attached = new transport::UdpTransport(kb.get_id(), kb.get_context(), settings, true);
    else
        attached = new transport::ZMQTransport(kb.get_id(), kb.get_context(), settings, true);
    if (attached->check_transport() != 0) {
        pingpong_fail("MADARA could not set up its %s transport on %s (address in use, or not this host's?)",
                      configuration.transport.c_str(), settings.hosts[0].c_str());
        delete attached;
        return false;
    }
    kb.attach_transport(attached);
    return true;
}

void join_in_memory(knowledge::KnowledgeBase& first, madara::filters::AggregateFilter& first_listener,
                    knowledge::KnowledgeBase& second, madara::filters::AggregateFilter& second_listener,
                    const transport::QoSTransportSettings& base)
{
    using Way = std::pair<knowledge::KnowledgeBase*, madara::filters::AggregateFilter*>;
    for (auto [from, to] : {std::pair<Way, Way>{{&first, &first_listener}, {&second, &second_listener}},
                            {{&second, &second_listener}, {&first, &first_listener}}}) {
        transport::QoSTransportSettings settings(base);
        settings.add_receive_filter(to.second);
        auto* push = new transport::SharedMemoryPush(from.first->get_id(), settings, *from.first);
        std::vector<knowledge::KnowledgeBase> peers{*to.first};
        push->set(peers);
        from.first->attach_transport(push);
    }
}

void fail_rendezvous(int wait_s)
{
    pingpong_fail("shared_memory: the other side's knowledge base did not appear within %d s", wait_s);
}
