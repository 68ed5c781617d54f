/* SocketLatency: the floor under every middleware. The same ping-pong as the DDS
 * programs over a bare loopback socket (UDP, or TCP with TCP_NODELAY), each side blocked in
 * its receive as a middleware's receive thread is, or within one process by copying the
 * sample there and back ("memory", the floor of intra-process delivery), or through a shared-memory
 * ring between two processes ("shm", "zero_copy": shared_memory_ring.c, the shared-memory family's
 * floor). A message is `payload` bytes: its length and sequence number, then zeros. Over UDP a
 * message above UDP_DATAGRAM bytes goes as several datagrams, as a middleware must send it: the
 * first holds its first UDP_DATAGRAM bytes, each other one the length and sequence number again
 * (8 bytes) and the next bytes; a message with a datagram lost is lost. */
#include "pingpong.h"
#include "counted_path.h"
#include "shared_memory_ring.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#define CONNECT_LIMIT_S 30
#define UDP_DATAGRAM 65000   /* bytes in one datagram at most (IPv4 UDP's limit: 65507) */
#define REST_LIMIT_MS 100    /* a message's other datagrams follow its first within this */

typedef struct {
    int tcp;
    int echo;  /* the subscriber's side */
    int fd;
    struct sockaddr_in peer;  /* UDP: where echoes go; learnt from the last ping */
    int has_peer;
    uint8_t *buffer;
    uint32_t capacity;
} socket_side;

static void put_header(uint8_t *buffer, uint32_t payload, uint32_t seq)
{
    memcpy(buffer, &payload, 4);
    memcpy(buffer + 4, &seq, 4);
}

static int socket_address(const pingpong_options *options, struct sockaddr_in *address)
{
    memset(address, 0, sizeof *address);
    address->sin_family = AF_INET;
    address->sin_port = htons((uint16_t)options->port);
    if (inet_pton(AF_INET, options->address, &address->sin_addr) != 1 || options->port <= 0) {
        pingpong_fail("bad address %s:%d", options->address, options->port);
        return -1;
    }
    return 0;
}

static void *socket_open(const pingpong_options *options, enum pingpong_side which)
{
    socket_side *side = calloc(1, sizeof *side);
    if (!side)
        return NULL;
    side->tcp = !strcmp(options->transport, "tcp");
    side->echo = which == PINGPONG_SUBSCRIBER;
    side->capacity = options->max_payload;
    side->buffer = calloc(1, side->capacity);
    side->fd = -1;
    struct sockaddr_in address;
    if (!side->buffer) {
        pingpong_fail("no memory for a %u-byte message", side->capacity);
        goto fail;
    }
    if (socket_address(options, &address))
        goto fail;
    int one = 1;
    if (!side->tcp) {
        side->fd = socket(AF_INET, SOCK_DGRAM, 0);
        if (side->fd < 0) {
            pingpong_fail("UDP socket: %s", strerror(errno));
            goto fail;
        }
        /* A message above a datagram's limit arrives as several datagrams at once: the receive
         * buffer holds two of the largest payload (Linux's default, ~208 KiB, held fewer than a 500 KB
         * message's eight, and a reader a moment late lost them). FORCE (root) passes the
         * system's maximum; without it the request is capped there. */
        int room = (int)(2 * side->capacity < (1u << 30) ? 2 * side->capacity : (1u << 30));
        if (setsockopt(side->fd, SOL_SOCKET, SO_RCVBUFFORCE, &room, sizeof room))
            setsockopt(side->fd, SOL_SOCKET, SO_RCVBUF, &room, sizeof room);
        if (which == PINGPONG_SUBSCRIBER) {
            setsockopt(side->fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
            if (bind(side->fd, (struct sockaddr *)&address, sizeof address)) {
                pingpong_fail("bind %s:%d: %s", options->address, options->port, strerror(errno));
                goto fail;
            }
        } else {
            side->peer = address;
            side->has_peer = 1;
        }
        return side;
    }
    if (which == PINGPONG_SUBSCRIBER) {
        int listener = socket(AF_INET, SOCK_STREAM, 0);
        if (listener < 0) {
            pingpong_fail("TCP socket: %s", strerror(errno));
            goto fail;
        }
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (bind(listener, (struct sockaddr *)&address, sizeof address) || listen(listener, 1)) {
            pingpong_fail("listen on %s:%d: %s", options->address, options->port, strerror(errno));
            close(listener);
            goto fail;
        }
        side->fd = accept(listener, NULL, NULL);
        if (side->fd < 0) {
            pingpong_fail("accept on %s:%d: %s", options->address, options->port, strerror(errno));
            close(listener);
            goto fail;
        }
        close(listener);
    } else {
        struct timespec pause = {0, 10 * 1000 * 1000};
        for (int attempt = 0; attempt < CONNECT_LIMIT_S * 100; ++attempt) {
            side->fd = socket(AF_INET, SOCK_STREAM, 0);
            if (side->fd < 0) {
                pingpong_fail("TCP socket: %s", strerror(errno));
                goto fail;
            }
            if (!connect(side->fd, (struct sockaddr *)&address, sizeof address))
                break;
            close(side->fd);
            side->fd = -1;
            nanosleep(&pause, NULL);  /* the subscriber is not listening yet */
        }
    }
    if (side->fd < 0) {
        pingpong_fail("no TCP connection to %s:%d within %d s", options->address, options->port, CONNECT_LIMIT_S);
        goto fail;
    }
    if (setsockopt(side->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one)) {  /* else Nagle's delay is measured */
        pingpong_fail("TCP_NODELAY: %s", strerror(errno));
        goto fail;
    }
    return side;
fail:
    if (side->fd >= 0)
        close(side->fd);
    free(side->buffer);
    free(side);
    return NULL;
}

static int socket_send(void *opaque, uint32_t seq, uint32_t payload)
{
    socket_side *side = opaque;
    put_header(side->buffer, payload, seq);
    if (!side->tcp) {
        if (!side->has_peer)
            return 0;  /* nobody to answer yet */
        uint32_t sent = 0;
        do {  /* the first datagram; then, after the header again, the rest */
            struct iovec parts[2] = {{side->buffer, 8}, {side->buffer + sent, 0}};
            int first = sent == 0;
            uint32_t room = first ? UDP_DATAGRAM : UDP_DATAGRAM - 8;
            parts[1].iov_len = payload - sent < room ? payload - sent : room;
            struct msghdr message = {.msg_name = &side->peer, .msg_namelen = sizeof side->peer,
                                     .msg_iov = parts + first, .msg_iovlen = 2 - first};
            if (sendmsg(side->fd, &message, 0) < 0 && errno != ECONNREFUSED) {
                pingpong_fail("send: %s", strerror(errno));
                return -1;
            }
            sent += (uint32_t)parts[1].iov_len;
        } while (sent < payload);
        return 0;
    }
    for (uint32_t sent = 0; sent < payload;) {
        ssize_t n = send(side->fd, side->buffer + sent, payload - sent, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EPIPE && seq == PINGPONG_STOP)
                return 0;  /* the echo side is already gone */
            pingpong_fail("send: %s", strerror(errno));
            return -1;
        }
        sent += (uint32_t)n;
    }
    return 0;
}

static int wait_readable(int fd, int timeout_ms)
{
    struct pollfd ready = {fd, POLLIN, 0};
    int n;
    do
        n = poll(&ready, 1, timeout_ms);
    while (n < 0 && errno == EINTR);
    if (n < 0)
        pingpong_fail("poll: %s", strerror(errno));
    return n;
}

static int read_exactly(socket_side *side, uint8_t *into, uint32_t length)
{
    for (uint32_t got = 0; got < length;) {
        ssize_t n = recv(side->fd, into + got, length - got, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n < 0)
                pingpong_fail("TCP receive: %s", strerror(errno));
            else
                pingpong_fail("TCP connection closed by the other side");
            return -1;
        }
        got += (uint32_t)n;
    }
    return 0;
}

/* The other datagrams of a UDP message whose first one (`have` bytes) is in the buffer:
 * 1 when it is whole, 0 when one is lost (another message's came, or none in time). */
static int receive_rest(socket_side *side, uint32_t have)
{
    uint32_t payload, header[2];
    memcpy(&payload, side->buffer, 4);
    if (payload > side->capacity) {
        pingpong_fail("bad message length %u", payload);
        return -1;
    }
    if (have != (payload < UDP_DATAGRAM ? payload : UDP_DATAGRAM))
        return 0;  /* not a message's first datagram: the first was lost */
    while (have < payload) {
        int ready = wait_readable(side->fd, REST_LIMIT_MS);
        if (ready <= 0)
            return ready;
        struct iovec parts[2] = {{header, 8}, {side->buffer + have, payload - have}};
        struct msghdr message = {.msg_iov = parts, .msg_iovlen = 2};
        ssize_t n = recvmsg(side->fd, &message, 0);
        if (n < 8 || memcmp(header, side->buffer, 8))
            return n < 0 && errno != ECONNREFUSED ? (pingpong_fail("receive: %s", strerror(errno)), -1) : 0;
        have += (uint32_t)n - 8;
    }
    return 1;
}

static int socket_take(socket_side *side, int timeout_ms, uint32_t *seq, uint32_t *payload, double *arrived_us)
{
    int ready = wait_readable(side->fd, timeout_ms);
    if (ready <= 0)
        return ready;
    if (!side->tcp) {
        socklen_t length = sizeof side->peer;
        ssize_t n = recvfrom(side->fd, side->buffer, side->capacity, 0, (struct sockaddr *)&side->peer, &length);
        if (n < 8)
            return n < 0 && errno == ECONNREFUSED ? 0 : (pingpong_fail("short datagram"), -1);
        side->has_peer = 1;
        int got = receive_rest(side, (uint32_t)n);
        if (got <= 0)
            return got;
    } else {
        if (read_exactly(side, side->buffer, 8))
            return -1;
        memcpy(payload, side->buffer, 4);
        if (*payload < 8 || *payload > side->capacity) {
            pingpong_fail("bad message length %u", *payload);
            return -1;
        }
        if (read_exactly(side, side->buffer + 8, *payload - 8))
            return -1;
    }
    *arrived_us = pingpong_now_us();
    memcpy(payload, side->buffer, 4);
    memcpy(seq, side->buffer + 4, 4);
    if (side->echo)
        pingpong_echo_copy(side->buffer, *payload);
    return 1;
}

/* A reception is counted (counted_path.h): the wait, the read and the header. */
static int socket_receive(void *opaque, int timeout_ms, uint32_t *seq, uint32_t *payload, double *arrived_us)
{
    socket_side *side = opaque;
    pingpong_count_reception(side->echo);
    int got = socket_take(side, timeout_ms, seq, payload, arrived_us);
    if (got > 0)
        pingpong_count_taken(side->echo, *seq, *payload);
    pingpong_count_end();
    return got;
}

static void socket_close(void *opaque)
{
    socket_side *side = opaque;
    close(side->fd);
    free(side->buffer);
    free(side);
}

/* "memory": the floor of intra-process delivery. A middleware that delivers within a process
 * can do it on the writer's own thread (Cyclone DDS does): the least it can do is copy the
 * sample to the reader and the reply back. So the publisher's send copies its message into
 * the echo side's buffer and the echo back into its own inbox, on its thread; nothing wakes
 * up. The echo side's thread only waits for the stop message. */
typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t stopped_changed;
    int stopped;
    uint8_t *echo_buffer;  /* what the echo side received */
} memory_channel;

static memory_channel channel = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, NULL};

typedef struct {
    uint8_t *buffer;  /* the publisher's outgoing message, then its inbox */
    int full;
} memory_side;

static void *memory_open(const pingpong_options *options, enum pingpong_side which)
{
    if (strcmp(options->role, "both")) {
        pingpong_fail("transport 'memory' needs the role 'both' (two threads of one process)");
        return NULL;
    }
    /* The echo side's buffer is the publisher's to allocate (on the main thread, before its own):
     * which thread allocated first would set the buffers' alignment, and memcpy's path with it
     * (a counted run's instructions varied by one per round trip at 1 KiB). */
    if (which == PINGPONG_PUBLISHER) {
        pthread_mutex_lock(&channel.lock);
        channel.echo_buffer = calloc(1, options->max_payload);
        pthread_mutex_unlock(&channel.lock);
    }
    memory_side *side = calloc(1, sizeof *side);
    side->buffer = calloc(1, options->max_payload);
    return side;
}

static int memory_send(void *opaque, uint32_t seq, uint32_t payload)
{
    memory_side *side = opaque;
    put_header(side->buffer, payload, seq);
    if (seq == PINGPONG_STOP) {  /* echoed at once, like any sample; the echo side's thread ends */
        pthread_mutex_lock(&channel.lock);
        channel.stopped = 1;
        pthread_cond_signal(&channel.stopped_changed);
        pthread_mutex_unlock(&channel.lock);
        side->full = 1;
        return 0;
    }
    memcpy(channel.echo_buffer, side->buffer, payload);  /* delivered to the echo side */
    pingpong_echo_copy(channel.echo_buffer, payload);
    memcpy(side->buffer, channel.echo_buffer, payload);  /* and its echo delivered back */
    side->full = 1;
    return 0;
}

static int memory_receive(void *opaque, int timeout_ms, uint32_t *seq, uint32_t *payload, double *arrived_us)
{
    memory_side *side = opaque;
    (void)timeout_ms;  /* the echo is there when send returns, or never */
    if (!side->full)
        return 0;
    pingpong_count_reception(0);
    side->full = 0;
    *arrived_us = pingpong_now_us();
    memcpy(payload, side->buffer, 4);
    memcpy(seq, side->buffer + 4, 4);
    pingpong_count_taken(0, *seq, *payload);
    pingpong_count_end();
    return 1;
}

static int memory_serve(void *opaque)
{
    (void)opaque;
    pthread_mutex_lock(&channel.lock);
    while (!channel.stopped)
        pthread_cond_wait(&channel.stopped_changed, &channel.lock);
    pthread_mutex_unlock(&channel.lock);
    return 0;
}

static void memory_close(void *opaque)
{
    memory_side *side = opaque;
    free(side->buffer);
    free(side);
}

static const pingpong_driver *choose_transport(const pingpong_options *options)
{
    static const pingpong_driver sockets = {socket_open, socket_send, socket_receive, socket_close, NULL};
    static const pingpong_driver memory = {memory_open, memory_send, memory_receive, memory_close, memory_serve};
    const pingpong_driver *ring = shared_memory_ring_driver(options->transport);
    if (ring)
        return ring;
    if (!strcmp(options->transport, "memory"))
        return &memory;
    if (!strcmp(options->transport, "udp") || !strcmp(options->transport, "tcp"))
        return &sockets;
    pingpong_fail("unknown transport '%s' (udp, tcp, memory, shm or zero_copy)", options->transport);
    return NULL;
}

int main(int argc, char **argv)
{
    return pingpong_main(argc, argv, choose_transport, "SocketLatency");
}
