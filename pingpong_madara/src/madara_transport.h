/* What MadaraLatency and MadaraThroughput share: their settings file (--config; the backend
 * renders profiles/madara/), named as MADARA's TransportSettings fields,
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
 * and attaching that transport to a knowledge base, with a receive filter
 * (madara::filters::AggregateFilter, where MADARA's own network_profiler takes what arrives)
 * that runs on MADARA's read thread.
 *
 * read_wait: MADARA's UDP read thread reads a non-blocking socket once per period of
 * read_thread_hertz (default 1 kHz: up to 1 ms per hop; 0: a loop that never sleeps, which
 * under SCHED_FIFO on one CPU starves the process's other threads). With `poll` the read
 * thread first waits in poll() for a datagram, then runs MADARA's own read step
 * (UdpTransportReadThread::run) unchanged: a receive thread blocked until data arrives, as
 * in every other program here. `madara` leaves MADARA's loop as it is. ZeroMQ's read thread
 * already blocks in zmq_recv. */
#ifndef MADARA_TRANSPORT_H
#define MADARA_TRANSPORT_H

#include "madara/filters/AggregateFilter.h"
#include "madara/filters/ssl/AESBufferFilter.h"
#include "madara/knowledge/KnowledgeBase.h"
#include "madara/transport/QoSTransportSettings.h"

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>

/* What the settings file says. */
struct MadaraConfiguration {
    std::string transport;
    madara::transport::QoSTransportSettings settings;
    bool poll_udp = true;
    std::string aes_password_file;

    bool in_memory() const { return transport == "shared_memory"; }
};

/* Reads the settings file for a role (shared_memory: `both` only); false after saying why
 * (pingpong_fail), naming the file. */
bool read_madara_configuration(const char* path, const char* role, MadaraConfiguration& into);

/* One side's transport settings: the file's, in the run's domain, with the AES buffer filter when
 * the file names a password (kept in `aes`, which must outlive the transport); false after saying why. */
bool side_settings(const MadaraConfiguration& configuration, int domain,
                   std::unique_ptr<madara::filters::AESBufferFilter>& aes,
                   madara::transport::QoSTransportSettings& settings);

/* The UDP or ZeroMQ transport of the settings, `listener` its receive filter, attached to `kb`;
 * false after saying why. */
bool attach_network_transport(madara::knowledge::KnowledgeBase& kb, const MadaraConfiguration& configuration,
                              madara::transport::QoSTransportSettings settings,
                              madara::filters::AggregateFilter& listener);

/* shared_memory: joins two knowledge bases of the process both ways. MADARA's SharedMemoryPush
 * applies an update to the other knowledge bases on the sender's thread and runs its own settings'
 * receive filters on it first: a side's listener goes on the transport that delivers to it, the peer's. */
void join_in_memory(madara::knowledge::KnowledgeBase& first, madara::filters::AggregateFilter& first_listener,
                    madara::knowledge::KnowledgeBase& second, madara::filters::AggregateFilter& second_listener,
                    const madara::transport::QoSTransportSettings& settings);

/* A side's receive filter: hands what arrives to on_receive(side, records), the program's, on
 * MADARA's read thread (shared_memory: the sender's thread). */
template <typename Side>
class SideListener : public madara::filters::AggregateFilter {
public:
    explicit SideListener(Side& side) : side_(side) {}
    void filter(madara::knowledge::KnowledgeMap& records, const madara::transport::TransportContext&,
                madara::knowledge::Variables&) override
    {
        on_receive(side_, records);
    }

private:
    Side& side_;
};

constexpr int MEMORY_PEER_WAIT_S = 30;
void fail_rendezvous(int wait_s);  /* says that the second side did not appear */

/* shared_memory: where the process's second side waits to be joined by the first. */
template <typename Side>
class MemoryRendezvous {
public:
    void offer(Side* side)
    {
        std::lock_guard<std::mutex> guard(lock_);
        offered_ = side;
        registered_.notify_all();
    }

    /* The offered side, or nullptr after saying why. */
    Side* take()
    {
        std::unique_lock<std::mutex> guard(lock_);
        if (!registered_.wait_for(guard, std::chrono::seconds(MEMORY_PEER_WAIT_S),
                                  [this] { return offered_ != nullptr; })) {
            fail_rendezvous(MEMORY_PEER_WAIT_S);
            return nullptr;
        }
        return offered_;
    }

    /* The first side joins the offered one both ways (join_in_memory) and closes it with its own
     * (Side's peer and owned_by_peer); false after saying the offered side did not appear. */
    bool join(Side& first, const madara::transport::QoSTransportSettings& settings)
    {
        Side* second = take();
        if (!second)
            return false;
        second->owned_by_peer = true;
        first.peer = second;
        join_in_memory(first.kb, first.listener, second->kb, second->listener, settings);
        return true;
    }

private:
    std::mutex lock_;
    std::condition_variable registered_;
    Side* offered_ = nullptr;
};

#endif
