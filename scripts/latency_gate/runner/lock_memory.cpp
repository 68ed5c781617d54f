// Preloaded (LD_PRELOAD) into LatencyTest by the runner when real-time settings are asked
// for (runner/realtime.py compiles it once per machine, whichever build of LatencyTest runs): LatencyTest never locks its own memory, so page faults could land inside measured
// round trips. A refusal is reported and the test runs on with unlocked memory.
#include <sys/mman.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

__attribute__((constructor)) static void lock_all_memory()
{
    if (mlockall(MCL_CURRENT | MCL_FUTURE) != 0)
    {
        std::fprintf(stderr, "latency-gate: warning: mlockall refused (%s): memory not locked\n",
                std::strerror(errno));
    }
}
