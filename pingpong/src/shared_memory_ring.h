/* The shared-memory floor's transport (SocketLatency --transport shm|zero_copy): a ping slot and a
 * pong slot in a shared-memory object, each with a futex word that counts the messages written to
 * it; the reader sleeps on it in the kernel as a middleware's receive thread does, the writer wakes
 * it. "shm": the sample is copied into the slot and out of it (what a transport that copies must do
 * at least); "zero_copy": it is written and read in place (what a loaned sample needs at most:
 * only its header is touched). */
#ifndef SHARED_MEMORY_RING_H
#define SHARED_MEMORY_RING_H

#include "pingpong.h"

/* The driver of a transport name, or NULL when it is not one of these. */
const pingpong_driver *shared_memory_ring_driver(const char *transport);

#endif
