"""The code-path signal: instructions on the per-sample path, counted under valgrind's callgrind.

Wall-clock time is as good as the machine is quiet; an instruction count is not: callgrind
executes every instruction of the program on a simulated CPU, so the count of a given path
does not depend on load, CPU speed or scheduling. What does vary from run to run is which
code runs at all: discovery, timers and retransmissions fire by wall time (and valgrind runs
the program ~50x slower), so a whole process's count varies by up to 60 %. Counting only the
per-sample path removes that: collection is off from the start and switched on inside the
backend's per-sample functions only (--toggle-collect: the writer's write and the reader
callbacks), and a dump after each payload's test (--dump-after) gives one profile per payload.
Start-up, discovery and teardown never count.

What valgrind cannot see: system calls and the kernel's network path, scheduling, lock waits
and wake-ups. Those are time, and the wall-clock gate on a quiet real-time runner measures them.

callgrind's toggles flip collection on every entry of a toggled function but a recursive one,
so a path that nests (an intra-process round trip is one synchronous call chain) toggles only its
outermost function (runner/middleware/fastdds.py COUNTED_PATH). A program of the project's own
(pingpong/src/counted_path.h) marks its path itself with valgrind's client requests and dumps
each payload's counts with a label that says the payload and its round trips (MARKED). A program
whose region spans threads (the project's LatencyTest: the publisher's thread and every receive
thread) runs with separate threads: each thread dumps its own counts, a payload's are their sum, and
a thread that never dumps (discovery's) never counts.

Asked for (--estimated-cycles), callgrind also simulates the caches (--cache-sim=yes: first-level
instruction and data caches and the last level, sized like the machine's): the estimated cycles
are iai-callgrind's (now Gungraun's) EstimatedCycles, L1 hits + 5 x last-level hits + 35 x memory
accesses (estimated_cycles below), a magnitude of what the instructions cost beside how many they
are. It simulates every access of the run, start-up included, which doubles a counted run's wall
time (benchmarks/results/code-path-2026-11-25b/): not the default.
Lazy binding is resolved at start-up (LD_BIND_NOW): a function's first call would otherwise count
the dynamic linker's look-up in whichever payload called it first.
"""

import functools
import re
import shutil
import subprocess
from dataclasses import dataclass, field, replace
from pathlib import Path

from latency_gate.contracts import instruction_counts as counts_contract
from latency_gate.contracts.formats import write_csv
from latency_gate.errors import InputError
from latency_gate.runner.run_spec import SIGNALS

TOOL = "callgrind"
PROCESS_ROLES = ("publisher", "subscriber", "both")  # interface.ROLES, which imports this module


# The smallest change in instructions per round trip the code-path gate counts by default: Fast
# DDS's median cell's run-to-run spread in its first full-matrix A/A gates (0.22 % relative s.d.;
# best-effort cells 0.0-0.1 %, secured ones up to 0.9 %; benchmarks/results/code-path-2026-11-25/).
DEFAULT_MIN_EFFECT = 0.002


@dataclass(frozen=True)
class CountedPath:
    """A backend's per-sample path, per process role (publisher, subscriber, both): the functions
    inside which callgrind counts, and the function after whose return a payload's counts are dumped;
    or, both empty, a program that marks its path and dumps each payload itself (MARKED)."""

    description: str  # one line for metadata and reports
    toggles: dict = field(default_factory=dict)  # role -> function name patterns (callgrind's: * matches anything)
    payload_end: dict = field(default_factory=dict)  # role -> function name pattern
    cache_sim: bool = False  # a run's choice (experiment.py): the cache simulation's estimated cycles too
    min_effect: float = DEFAULT_MIN_EFFECT  # the gate's default for this path: chosen from its measured spread
    # A marked program whose threads dump their own counts (callgrind's dumps are then per thread):
    # a payload's counts are the sum of its dumps, one thread each of a side's part of the round trip
    # (DUMPING_THREADS), and threads that never dump (discovery's) never count.
    separate_threads: bool = False
    # A marked program that switches callgrind's instrumentation on itself, before any thread that enters
    # a toggled function exists (CALLGRIND_START_INSTRUMENTATION): it starts with instrumentation off
    # (--instr-atstart=no), so its start-up runs several times faster; what it counts is the same.
    starts_instrumentation: bool = False
    # LatencyTest sends one sample more than asked for and drops the first: counted by its functions'
    # names, that sample's round trip counts too; its marked path counts the samples it keeps.
    counts_dropped_sample: bool = True
    # family name -> why its counts are not exact enough to gate (measured): a run of it is refused
    uncounted_families: dict = field(default_factory=dict)
    # role -> ("NAME=value", ...): what the program is told of the path (e.g. that the runner counts its
    # receive thread by name), in the environment of that role's process
    environment: dict = field(default_factory=dict)
    # A directory whose libraries the processes load first (a build of the middleware with the names
    # the toggles need); None: the program's own
    library_directory: str | None = None

    @property
    def marked(self):
        return not self.payload_end

    def round_trips(self, samples):
        return samples + 1 if self.counts_dropped_sample else samples


# A marked program's dump descriptions (pingpong/src/counted_path.h COUNTED_PATH_LABEL): a payload's
# counts, or a message that was not a sample (a repeated handshake ping), left out.
# A label without round trips (a side that is not told them) takes the path's (round_trips()).
_PAYLOAD_LABEL = re.compile(r"latency-gate payload=(\d+)(?: round-trips=(\d+) strays=(\d+))?$")
# callgrind's profile files: <stem>.<dump>, with separate threads <stem>.<dump>-<thread>.
_DUMP_SUFFIX = re.compile(r"\.(\d+)(?:-(\d+))?$")
_DISCARDED_LABEL = "latency-gate not-a-sample"
# A ping-pong's threads whose dumps make a payload's counts, per process role: the publisher's own
# (its writes) and the one that takes its echoes; the subscriber's that takes its samples (and
# echoes them); intra-process the one thread that does everything. A thread that handles samples
# and never dumps (an echo lost or late; a thread the marks do not close, as data sharing's
# listener once was) would leave its part of every round trip uncounted, and the cell would look
# faster: such a run is refused.
DUMPING_THREADS = {"publisher": 2, "subscriber": 1, "both": 1}
# callgrind's events with --cache-sim=yes, as its profiles name them.
CACHE_EVENTS = ("Ir", "Dr", "Dw", "I1mr", "D1mr", "D1mw", "ILmr", "DLmr", "DLmw")


def estimated_cycles(events):
    """iai-callgrind's / Gungraun's EstimatedCycles of callgrind's cache events (a dict, or a frame
    of columns): memory accesses are the last-level misses, last-level hits the first-level misses
    that did not miss there too, L1 hits every other access (instruction fetches, data reads and
    writes); weighted 1, 5 and 35 (Itamar Turner-Trauring's weights)."""
    memory = events["ILmr"] + events["DLmr"] + events["DLmw"]
    last_level = events["I1mr"] + events["D1mr"] + events["D1mw"] - memory
    first_level = events["Ir"] + events["Dr"] + events["Dw"] - last_level - memory
    return first_level + 5 * last_level + 35 * memory


@functools.lru_cache(maxsize=1)  # asked when a run is checked and again for its metadata
def valgrind_version():
    """'valgrind-3.19.0', or InputError when valgrind is missing."""
    if shutil.which("valgrind") is None:
        raise InputError("the instructions signal needs valgrind (Debian package valgrind: "
                         "scripts/setup/install_system_packages.sh installs it)")
    return subprocess.run(["valgrind", "--version"], capture_output=True, text=True).stdout.strip()


def counted_path(signal, kind, backend, estimated_cycles=False, families=()):
    """The backend's counted path for the instructions signal (with the cache simulation when the
    estimated cycles are asked for), None for latency; InputError when the signal is unknown or
    the backend, the kind (runner/kinds.py), a family of the sub-experiments or the machine cannot count."""
    if signal not in SIGNALS:
        raise InputError(f"unknown signal '{signal}' (known: {', '.join(SIGNALS)})")
    if signal == "latency":
        if estimated_cycles:
            raise InputError("the estimated cycles come with the instructions signal (--signal instructions)")
        return None
    if signal not in kind.signals:
        raise InputError(f"the instructions signal counts latency round trips; {kind.name} is not counted")
    if backend.COUNTED_PATH is None:
        raise InputError(f"{backend.TITLE}: the instructions signal is not supported for this middleware yet")
    uncounted = sorted(set(families) & set(backend.COUNTED_PATH.uncounted_families))
    if uncounted:
        raise InputError(f"{backend.TITLE}: the instructions signal does not count the {uncounted[0]} family yet: "
                         f"{backend.COUNTED_PATH.uncounted_families[uncounted[0]]}")
    valgrind_version()
    return replace(backend.COUNTED_PATH, cache_sim=estimated_cycles)


def dumps_of(stem):
    """A process's dumps (<stem>.<dump>[-<thread>]) in the order callgrind wrote them."""
    def order(dump):
        return tuple(int(part or 0) for part in _DUMP_SUFFIX.search(dump.name).groups())
    return sorted((dump for dump in stem.parent.glob(f"{stem.name}.*") if _DUMP_SUFFIX.search(dump.name)), key=order)


def payload_of(label):
    """The payload a marked program's dump label names, or None (a discarded or unlabelled dump)."""
    match = _PAYLOAD_LABEL.match(label or "")
    return int(match[1]) if match else None


def profile_stem(logs, subexperiment, role):
    return Path(logs) / f"{subexperiment}_{role}.callgrind"


def clear_profiles(logs, subexperiment):
    """Remove an earlier attempt's profiles: a retry's dumps must not mix with them."""
    for role in PROCESS_ROLES:  # by role: <name>_*.callgrind* is also a longer-named sub-experiment's (_tcp)
        for stale in Path(logs).glob(f"{profile_stem(logs, subexperiment, role).name}*"):
            stale.unlink()


def prefix(path, role, logs, subexperiment):
    """The command line that runs a program of `role` under callgrind, counting `path`."""
    toggles = [f"--toggle-collect={pattern}" for pattern in path.toggles.get(role, ())]
    dump = [] if path.marked else [f"--dump-after={path.payload_end[role]}"]
    threads = ["--separate-threads=yes"] if path.separate_threads else []
    instrumentation = ["--instr-atstart=no"] if path.starts_instrumentation else []
    return ["env", "LD_BIND_NOW=1", *path.environment.get(role, ()), "valgrind", f"--tool={TOOL}",
            "--collect-atstart=no", *instrumentation, *threads,
            f"--cache-sim={'yes' if path.cache_sim else 'no'}", "--dump-instr=no", "--dump-line=no",
            f"--callgrind-out-file={profile_stem(logs, subexperiment, role)}", *toggles, *dump, "--"]


def store(path, logs, subexperiment, roles, payloads, samples, results):
    """Turn the run's per-payload profiles into instructions_/functions_/allocations_<sub-experiment>.csv.
    Raises InputError when a process did not dump one profile per payload."""
    import pandas as pd  # here: runner/kinds imports this module, and the spec's process step no pandas

    count_rows, function_rows, allocation_rows = [], [], []
    for role in roles:
        stem = profile_stem(logs, subexperiment, role)
        dumps = dumps_of(stem)
        profiles = _payload_profiles(path, role, stem, dumps, payloads, samples)
        for payload, (round_trips, profile) in zip(payloads, profiles):
            events = profile.events
            missing = [event for event in CACHE_EVENTS if event not in events]
            if path.cache_sim and missing:
                raise InputError(f"{role}: a profile without the cache simulation's events ({', '.join(missing)})",
                                 stem)
            allocations = profile.allocations()
            count_rows.append((payload, role, round_trips, events["Ir"], events["Ir"] / round_trips,
                               sum(allocations.values()) / round_trips)
                              + ((estimated_cycles(events) / round_trips,) if path.cache_sim else ()))
            function_rows += [(payload, name, cost / round_trips) for name, cost in profile.inclusive.items()]
            allocation_rows += [(payload, role, _allocating(name, profile), calls / round_trips)
                                for name, calls in allocations.items()]
    counts = pd.DataFrame(count_rows, columns=list(counts_contract.COUNTS_COLUMNS) + [
        counts_contract.ALLOCATIONS_PER_ROUND_TRIP] + ([counts_contract.CYCLES_PER_ROUND_TRIP] if path.cache_sim else []))
    functions = pd.DataFrame(function_rows, columns=list(counts_contract.FUNCTIONS_COLUMNS))
    # Every function of the path (a few hundred): a function missing from one run's list would
    # read as a change of its whole count.
    functions = functions.groupby([counts_contract.BYTES, counts_contract.FUNCTION], as_index=False, sort=False).sum()
    functions = functions.sort_values([counts_contract.BYTES, counts_contract.INCLUSIVE], ascending=[True, False])
    write_csv(functions, counts_contract.functions_path(results, subexperiment))
    allocations = pd.DataFrame(allocation_rows, columns=list(counts_contract.ALLOCATIONS_COLUMNS))
    write_csv(allocations.sort_values([counts_contract.BYTES, counts_contract.ROLE, counts_contract.PER_CALLER],
                                      ascending=[True, True, False]),
              counts_contract.allocations_path(results, subexperiment))
    write_csv(counts, counts_contract.counts_path(results, subexperiment))
    return counts


def _allocating(function, profile):
    """How the allocations file names an allocating function: a function without a symbol (an
    address: a library's internal one) with its callers' names."""
    if not function.startswith("0x"):
        return function
    return f"{function} called by {' | '.join(profile.named_callers(function)[:3]) or 'none counted'}"


def _payload_profiles(path, role, stem, dumps, payloads, samples):
    """[(round trips, Profile)] of a process, one per payload in order; InputError when they are not."""
    if not path.marked:
        if len(dumps) != len(payloads):
            raise InputError(f"{role}: {len(dumps)} per-payload profile(s) for {len(payloads)} payload(s): the "
                             f"program did not run every payload's test", stem)
        return [(path.round_trips(samples), read_profile(dump)) for dump in dumps]
    found = []  # [payload, round trips, Profile, threads]: a payload's dumps (one per counting thread) summed
    for dump in dumps:
        profile = read_profile(dump)
        match = _PAYLOAD_LABEL.match(profile.label or "")
        if match is None:
            if profile.label != _DISCARDED_LABEL:
                raise InputError(f"{role}: a profile the program did not label (its trigger: {profile.label})", dump)
            continue
        payload = int(match[1])
        round_trips = int(match[2]) if match[2] else None
        if match[3] and int(match[3]):
            raise InputError(f"{role}: {match[3]} message(s) counted with the {payload}-byte samples were not samples "
                             "(a handshake echo later than its timeout): this run's counts are not the path's", dump)
        thread = _DUMP_SUFFIX.search(dump.name)[2]
        if found and found[-1][0] == payload and path.separate_threads:
            _, known, summed, threads = found[-1]
            if None not in (known, round_trips) and known != round_trips:
                raise InputError(f"{role}: the {payload}-byte payload's threads counted {known} and {round_trips} "
                                 "round trips", dump)
            found[-1] = [payload, known or round_trips, summed.plus(profile), threads | {thread}]
        else:
            found.append([payload, round_trips, profile, {thread}])
    if [payload for payload, _, _, _ in found] != list(payloads):
        raise InputError(f"{role}: profiles of payloads {[payload for payload, _, _, _ in found]} for the payloads "
                         f"{list(payloads)}: the program did not run every payload's test", stem)
    for payload, _, _, threads in found:
        if path.separate_threads and len(threads) != DUMPING_THREADS[role]:
            raise InputError(f"{role}: the {payload}-byte payload's counts came from {len(threads)} thread(s), not "
                             f"{DUMPING_THREADS[role]}: a thread that handles its round trips did not dump (an echo "
                             "lost or late?), so their counts are not whole", stem)
    return [(round_trips or path.round_trips(samples), profile) for _, round_trips, profile, _ in found]


@dataclass(frozen=True)
class Profile:
    """One callgrind profile: its dump's description, its totals per event, and each function's
    inclusive instructions."""

    label: str | None  # the client request's description; None: not dumped by one
    events: dict  # event (Ir; with the cache simulation CACHE_EVENTS) -> total
    inclusive: dict  # function -> inclusive instructions
    calls: dict = field(default_factory=dict)  # (caller, callee) -> calls made while collecting

    def plus(self, other):
        """Two threads' counts of one payload as one profile (this one's label)."""
        def add(one, two):
            return {key: one.get(key, 0) + two.get(key, 0) for key in one.keys() | two.keys()}
        return Profile(self.label, add(self.events, other.events), add(self.inclusive, other.inclusive),
                       add(self.calls, other.calls))

    def allocations(self):
        """{allocating function: calls into the heap}: the callers of the heap's entry points that are
        not inside the heap themselves (operator new calls malloc: one allocation, named by new's
        caller; an unnamed function that only the heap's entry points call, a stub between two of
        them, is inside too: nothrow new reaches new through one)."""
        called_by = {}
        for caller, callee in self.calls:
            called_by.setdefault(callee, set()).add(caller)

        def inside_the_heap(function):
            return ALLOCATORS.match(function) or (function.startswith("0x") and bool(called_by.get(function)) and all(
                ALLOCATORS.match(caller) for caller in called_by[function]))

        found = {}
        for (caller, callee), count in self.calls.items():
            if ALLOCATORS.match(callee) and not inside_the_heap(caller):
                found[caller] = found.get(caller, 0) + count
        return found

    def named_callers(self, function):
        """The functions that called `function`, most calls first (an unnamed one's, by its address, say
        who it is)."""
        callers = {}
        for (caller, callee), count in self.calls.items():
            if callee == function:
                callers[caller] = callers.get(caller, 0) + count
        return sorted(callers, key=callers.get, reverse=True)


# The heap's entry points, glibc's and libstdc++'s: an allocation is a call into them from outside
# (Profile.allocations: an unnamed stub that only they call is inside).
ALLOCATORS = re.compile(r"^(malloc|calloc|realloc|reallocarray|memalign|posix_memalign|aligned_alloc|valloc"
                        r"|operator new(\[\])?\(.*\))$")


_COST_LINE = re.compile(r"^[+\-*0-9]")
_NAMED = re.compile(r"^\((\d+)\)(?: (.*))?$")


def read_profile(dump):
    """One callgrind profile (Profile).

    Inclusive = the function's own instructions plus the inclusive instructions of its calls
    (callgrind writes a call's inclusive cost on the line after `calls=`); a recursion level is a
    function of its own (callgrind's name'2), so nothing is counted twice within one function's
    entry. Only functions that ran collected instructions themselves are listed: the frames above
    the counted ones (main, the thread's start) ran with collection off and merely hold the whole
    count. Events a cost line leaves out are 0 (callgrind's format)."""
    names = {}  # callgrind's name compression: (id) name, later just (id)
    inclusive, own, calls = {}, {}, {}
    events, totals, label = ["Ir"], None, None
    function = callee = None
    call_cost = False
    with open(dump, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            if _COST_LINE.match(line):
                fields = line.split()
                if function is not None and len(fields) > 1:
                    cost = int(fields[1])
                    inclusive[function] = inclusive.get(function, 0) + cost
                    if not call_cost:
                        own[function] = own.get(function, 0) + cost
                call_cost = False
            elif line.startswith("fn="):
                function = _name(line[3:].rstrip("\n"), names)
            elif line.startswith("calls="):
                call_cost = True
                edge = (function, callee)
                calls[edge] = calls.get(edge, 0) + int(line[6:].split()[0])
            elif line.startswith("cfn="):
                callee = _name(line[4:].rstrip("\n"), names)
            elif line.startswith("events:"):
                events = line.split()[1:]
            elif line.startswith("totals:") or line.startswith("summary:"):
                values = [int(value) for value in line.split()[1:]]
                totals = dict(zip(events, values + [0] * (len(events) - len(values))))
            elif line.startswith("desc: Trigger: Client Request: "):
                label = line[len("desc: Trigger: Client Request: "):].strip()
    if totals is None:
        raise InputError("not a callgrind profile (no totals line)", dump)
    return Profile(label, totals, {name: cost for name, cost in inclusive.items() if own.get(name, 0) > 0}, calls)


def _name(text, names):
    match = _NAMED.match(text)
    if not match:
        return text
    number, name = match.groups()
    if name is not None:
        names[number] = name
    return names.get(number, f"({number})")
