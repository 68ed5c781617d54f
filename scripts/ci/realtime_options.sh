# shellcheck shell=bash
# Sourced by run_latency.sh and relative_gate.sh: the real-time settings of a CI job as
# options of `latency-gate run` and `latency-gate gate`, appended to the array `options`.
#
#   LATENCY_REALTIME   "true" (default): the real-time preset (CPU idle held, publisher on
#                      CPU 0, subscriber on CPU 1, SCHED_FIFO 50, memory locked); "false":
#                      the OS's defaults (--no-realtime)
#   LATENCY_RT_PRIO, LATENCY_PUB_CPUS, LATENCY_SUB_CPUS   override parts of the preset
realtime_options() {
    case ${LATENCY_REALTIME:-true} in
        true) ;;
        false) options+=(--no-realtime) ;;
        *) echo "LATENCY_REALTIME must be true or false, not '${LATENCY_REALTIME}'" >&2; return 3 ;;
    esac
    [[ -z ${LATENCY_RT_PRIO:-} ]] || options+=(--rt-prio "$LATENCY_RT_PRIO")
    [[ -z ${LATENCY_PUB_CPUS:-} ]] || options+=(--pub-cpus "$LATENCY_PUB_CPUS")
    [[ -z ${LATENCY_SUB_CPUS:-} ]] || options+=(--sub-cpus "$LATENCY_SUB_CPUS")
}
