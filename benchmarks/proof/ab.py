"""ab: regression variants of LatencyTest and gates of them; ab-table: their detection.

ab builds a regression variant of the project's LatencyTest and runs N gates of it
against BASE (default: the project-built LatencyTest) on the target cell's sub-experiment
plus --other. The variant is LatencyTestSubscriber.cpp (after the project's
latencytest/patches) plus a generated patch (<out>/delay-<shift>.patch, difflib): the
subscriber records the payload of the current test(datasize) in a file-scope
std::atomic<uint32_t>, and its non-loan echo busy-waits DELAY_NS on
std::chrono::steady_clock before write(data) when that payload is the target's and the
subscriber runs the target's kind of sub-experiment (its own process for inter-process,
or 'both' for intra-process; the data reader's reliability). So the delay never reaches
--other (refused when of the same kind), but at that payload it reaches every
sub-experiment of the target's kind (e.g. interprocess_best_effort_tcp).
DELAY_NS = shift x round-trip median x 1000, the round trip being twice the latency
LatencyTest reports; the median is --median-us, or the median of the base build's values
of the target cell in --calibrate-from A/A gates, or else a calibration run of BASE now
(3 pinned runs of 1,000 samples). Built with scripts/setup/build_latencytest.sh into
<out>/build-<shift> (LATENCY_GATE_EXTRA_PATCHES); gates in <out>/shift-<shift>/gate-NNN
(existing complete gates are kept: re-run with a larger --gates to add more).
Detection: the target cell's verdict is 'regression' and the gate failed.
--side publisher: a change of another kind, not in the echo: LatencyTestPublisher.cpp
busy-waits between a sample's start time and its write, DELAY_NS x datasize / PAYLOAD
(growing with the payload: the full shift at the target payload), in publishers of the
target's kind ('publisher' process or 'both'; the data writer's reliability).

ab-table: detection per shift of `ab` outputs (shift-* directories, or their parent), with
the 95 % interval, realised shift (the gates' ratio of the target cell), the target
payload's 99 % flagged, other cells flagged, wall time; as proof_ab.md, .csv and .json.
"""

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from difflib import unified_diff
from pathlib import Path

import numpy as np
import pandas as pd

from latency_gate.contracts import formats
from latency_gate.analysis import relative
from latency_gate.campaigns import gate
from latency_gate.runner import experiment
from latency_gate.runner.run_spec import RunSpec
from latency_gate.runner.middleware.common import build_directory
from latency_gate.runner.middleware.fastdds import LATENCY_TEST
from proof import REPOSITORY
from proof.recorded import load_gates
from proof.replay import other_variance, replayed_regressions
from proof.tables import Report, clopper_pearson, percent

DEFAULT_OTHER = "intraprocess_best_effort"


SIDES = {"subscriber": "LatencyTestSubscriber.cpp", "publisher": "LatencyTestPublisher.cpp"}


def default_source(file_name=SIDES["subscriber"]):
    """A LatencyTest source file with the project's patches, as build_latencytest.sh prepares it."""
    patches = sorted((REPOSITORY / "latencytest" / "patches").glob("*.patch"))
    identity = hashlib.sha256(b"".join(p.read_bytes() for p in patches)).hexdigest()[:16]
    prepared = build_directory() / "latency-sources" / identity / file_name
    if prepared.is_file():
        return prepared.read_text()
    pristine = sorted((build_directory() / "sources").glob(
        f"fastdds-*/test/performance/latency/{file_name}"))
    if not pristine:
        raise SystemExit("proof: no Fast DDS sources: run scripts/setup/build_latencytest.sh first")
    with tempfile.TemporaryDirectory() as scratch:
        shutil.copy(pristine[-1], scratch)
        for patch in patches:
            subprocess.run(["patch", "--quiet", "--forward", "-p1", "-d", scratch, "-i", str(patch)], check=True)
        return (Path(scratch) / file_name).read_text()


def subexperiment_kind(name):
    """(inter-process, best effort) of a sub-experiment: what the variant's subscriber can tell."""
    return name.startswith("interprocess"), "best_effort" in name


def _injected_helpers(header, role, kind, description, interprocess, best_effort, delay_condition, delay_ns):
    """Code put after `#include "<header>"`: the target-kind test and the busy-wait."""
    return (
        f'#include "{header}"\n\n'
        "#include <atomic>\n#include <chrono>\n#include <fstream>\n#include <string>\n\n"
        f"// Regression variant (latency-gate proof harness, benchmarks/proof/ab.py): in {kind}\n"
        f"// sub-experiments, {description}.\n"
        "static std::atomic<uint32_t> latency_gate_payload{0};\n"
        "static std::atomic<bool> latency_gate_target_kind{false};\n\n"
        f"// A separate '{role}' process runs inter-process sub-experiments, 'both' intra-process ones.\n"
        "static bool latency_gate_in_target_kind(\n        bool best_effort)\n{\n"
        '    std::ifstream cmdline("/proc/self/cmdline");\n'
        "    std::string program, mode;\n"
        "    std::getline(cmdline, program, '\\0');\n"
        "    std::getline(cmdline, mode, '\\0');\n"
        f'    return (mode == "{role}") == {str(interprocess).lower()} && best_effort == '
        f"{str(best_effort).lower()};\n}}\n\n"
        "static void latency_gate_injected_delay()\n{\n"
        "    const uint32_t payload = latency_gate_payload.load(std::memory_order_relaxed);\n"
        f"    if (!latency_gate_target_kind.load(std::memory_order_relaxed) || !({delay_condition}))\n"
        "    {\n        return;\n    }\n"
        f"    const auto until = std::chrono::steady_clock::now() + std::chrono::nanoseconds({delay_ns});\n"
        "    while (std::chrono::steady_clock::now() < until)\n    {\n    }\n}\n"
    )


def _patched(source_text, replacements, file_name):
    patched = source_text
    for old, new in replacements:
        if patched.count(old) != 1:
            raise SystemExit(f"proof: {file_name} has {patched.count(old)} of '{old.strip()}', not one, to patch")
        patched = patched.replace(old, new, 1)
    return "".join(unified_diff(source_text.splitlines(True), patched.splitlines(True),
                                f"a/{file_name}", f"b/{file_name}"))


def _kind_text(interprocess, best_effort):
    return f"{'inter' if interprocess else 'intra'}-process {'best-effort' if best_effort else 'reliable'}"


def delay_patch(source_text, payload, delay_ns, interprocess=True, best_effort=True):
    """A unified diff of LatencyTestSubscriber.cpp: the non-loan echo of `payload` busy-waits
    delay_ns, in subscribers of the given kind of sub-experiment only."""
    injected = _injected_helpers("LatencyTestSubscriber.hpp", "subscriber", _kind_text(interprocess, best_effort),
                                 f"the echo of payload {payload} B busy-waits {delay_ns} ns", interprocess,
                                 best_effort, f"payload == {payload}u", delay_ns)
    replacements = (
        ('#include "LatencyTestSubscriber.hpp"\n', injected),
        ("        uint32_t datasize)\n{\n", "        uint32_t datasize)\n{\n    latency_gate_payload = datasize;\n"),
        ("        latency_data_ = static_cast<LatencyType*>(latency_data_type_.create_data());\n",
         "        latency_data_ = static_cast<LatencyType*>(latency_data_type_.create_data());\n"
         "        latency_gate_target_kind = latency_gate_in_target_kind(\n"
         "            data_reader_->get_qos().reliability().kind == BEST_EFFORT_RELIABILITY_QOS);\n"),
        ("                reinterpret_cast<LatencyType*>(data)->bounce = 0;\n",
         "                reinterpret_cast<LatencyType*>(data)->bounce = 0;\n"
         "                latency_gate_injected_delay();\n"),
    )
    return _patched(source_text, replacements, SIDES["subscriber"])


def publisher_delay_patch(source_text, payload, delay_ns, interprocess=True, best_effort=True):
    """A unified diff of LatencyTestPublisher.cpp: a change of another kind than the echo's.

    The publisher busy-waits between taking a sample's start time and writing it, for a time
    that grows with the payload (delay_ns x datasize / payload: the full delay at `payload`,
    half of it at half the payload, like a per-byte cost on the send path), in publishers of
    the given kind of sub-experiment only. Every payload of that kind is slowed, each by its
    own share.
    """
    delay = f"static_cast<uint64_t>({delay_ns}) * payload / {payload}u"
    injected = _injected_helpers("LatencyTestPublisher.hpp", "publisher", _kind_text(interprocess, best_effort),
                                 f"the send path busy-waits {delay_ns} ns x payload / {payload} B", interprocess,
                                 best_effort, "true", delay)
    replacements = (
        ('#include "LatencyTestPublisher.hpp"\n', injected),
        ("        uint32_t datasize)\n{\n    test_status_ = 0;\n",
         "        uint32_t datasize)\n{\n    latency_gate_payload = datasize;\n    test_status_ = 0;\n"),
        # The data writer exists only once test() has created the endpoints, before its sample loop.
        ("    // The first measurement it's usually not representative, so we take one more and then drop the first one.\n",
         "    latency_gate_target_kind = latency_gate_in_target_kind(\n"
         "        data_writer_->get_qos().reliability().kind == BEST_EFFORT_RELIABILITY_QOS);\n\n"
         "    // The first measurement it's usually not representative, so we take one more and then drop the first one.\n"),
        ("        start_time_ = std::chrono::steady_clock::now();\n\n        // Data publishing\n",
         "        start_time_ = std::chrono::steady_clock::now();\n        latency_gate_injected_delay();\n\n"
         "        // Data publishing\n"),
    )
    return _patched(source_text, replacements, SIDES["publisher"])


PATCHES = {"subscriber": delay_patch, "publisher": publisher_delay_patch}


def check_patch_applies(source_text, patch, file_name=SIDES["subscriber"]):
    with tempfile.TemporaryDirectory() as scratch:
        (Path(scratch) / file_name).write_text(source_text)
        done = subprocess.run(["patch", "--dry-run", "-p1", "-d", scratch, "-i", str(patch)], capture_output=True,
                              text=True)
        if done.returncode:
            raise SystemExit(f"proof: {patch} does not apply: {done.stdout}{done.stderr}")


def parse_cell(text):
    name, _, payload = text.rpartition(":")
    if not name or not payload.isdigit():
        raise argparse.ArgumentTypeError(f"expected SUB-EXPERIMENT:PAYLOAD, e.g. interprocess_best_effort:1024, "
                                         f"not {text!r}")
    return name, int(payload)


def target_values(gates, name, payload):
    """The base build's values of the target cell's Median in recorded gates."""
    values = []
    for recorded in gates:
        rows = recorded.rounds
        rows = rows[(rows[relative.BUILD] == relative.BASE) & (rows[relative.SUBEXPERIMENT] == name)
                    & (rows[relative.BYTES] == payload) & (rows[relative.MAGNITUDE] == "Median")]
        values += rows[relative.VALUE].tolist()
    return values


def calibration_run(base, name, payload, out, runs=3, samples=1000):
    """Median of the target cell now: a few runs of the base build under the gate's default settings."""
    medians = []
    for index in range(runs):
        directory = out / f"calibration-{index + 1}"
        shutil.rmtree(directory, ignore_errors=True)
        with open(os.devnull, "w") as quiet:
            code = experiment.run_experiment(directory, RunSpec(program=base, subexperiments=[name], payloads=[payload],
                                                                samples=samples, baseline_s=0,
                                                                timeout_s=gate.DEFAULT_RUN_TIMEOUT_S), out=quiet)
        if code:
            raise SystemExit(f"proof: calibration run failed (exit {code}), see {directory}")
        latency = formats.read_measurements(formats.measurements_path(directory, name))[formats.LATENCY]
        medians.append(float(np.median(latency)))
    return float(np.median(medians)), medians


def build_variant(out, shift, name, payload, delay_ns, side="subscriber"):
    """Patch, check and build; returns (binary, patch path)."""
    source = default_source(SIDES[side])
    interprocess, best_effort = subexperiment_kind(name)
    patch = out / f"delay-{shift:g}.patch"
    patch.write_text(PATCHES[side](source, payload, delay_ns, interprocess, best_effort))
    check_patch_applies(source, patch, SIDES[side])
    build_dir = out / f"build-{shift:g}"
    environment = os.environ | {
        "LATENCY_GATE_BUILD_DIR": str(build_dir),
        "LATENCY_GATE_SOURCES_DIR": str(build_directory() / "sources"),
        "LATENCY_GATE_EXTRA_PATCHES": str(patch),
    }
    log = out / f"build-{shift:g}.log"
    started = time.monotonic()
    with open(log, "w") as handle:
        done = subprocess.run(["bash", str(REPOSITORY / "scripts/setup/build_latencytest.sh")], env=environment,
                              stdout=subprocess.PIPE, stderr=handle, text=True)
    if done.returncode:
        raise SystemExit(f"proof: the variant did not build (exit {done.returncode}); see {log}")
    binary = Path(done.stdout.strip().splitlines()[-1])
    sources = list((build_dir / "latency-sources").glob(f"*/{SIDES[side]}"))
    if not binary.is_file() or not any(f"{delay_ns}" in s.read_text() for s in sources):
        raise SystemExit(f"proof: the build in {build_dir} does not hold the delay of {delay_ns} ns")
    print(f"built the variant in {time.monotonic() - started:.0f} s: {binary}", flush=True)
    return binary, patch


def run_ab(args):
    name, payload = args.cell
    others = [s for s in args.other if s != name]
    for other in others:
        if subexperiment_kind(other) == subexperiment_kind(name):
            raise SystemExit(f"proof: the delay would reach {other} too (same kind of sub-experiment as "
                             f"{name}); choose another --other")
    out = Path(args.out)
    shift_dir = out / f"shift-{args.shift:g}"
    shift_dir.mkdir(parents=True, exist_ok=True)
    base = Path(args.base) if args.base else LATENCY_TEST.default()
    variant_file = shift_dir / "variant.json"
    variant = json.loads(variant_file.read_text()) if variant_file.is_file() else None
    if variant is None or not Path(variant["binary"]).is_file():
        if args.median_us:
            median_us, calibration = args.median_us, "given (--median-us)"
        elif args.calibrate_from:
            values = target_values(load_gates(args.calibrate_from), name, payload)
            if not values:
                raise SystemExit(f"proof: no {name} {payload} B Median in the --calibrate-from gates")
            median_us, calibration = float(np.median(values)), f"median of {len(values)} recorded base runs"
        else:
            median_us, medians = calibration_run(base, name, payload, shift_dir)
            calibration = "calibration run now: medians " + ", ".join(f"{m:.2f}" for m in medians) + " us"
        # LatencyTest reports half the round trip; the echo is in the round trip once.
        delay_ns = int(round(args.shift * 2 * median_us * 1000))
        print(f"variant +{args.shift:.0%} of {name} {payload} B: median {median_us:.2f} us ({calibration}), "
              f"delay {delay_ns} ns", flush=True)
        binary, patch = build_variant(out, args.shift, name, payload, delay_ns, args.side)
        variant = {"shift": args.shift, "side": args.side, "subexperiment": name, "payload": payload, "median_us": median_us,
                   "calibration": calibration, "delay_ns": delay_ns, "patch": str(patch), "binary": str(binary),
                   "base": str(base), "subexperiments": [name, *others]}
        variant_file.write_text(json.dumps(variant, indent=2) + "\n")
    environment = os.environ | {"PYTHONPATH": os.pathsep.join(filter(None, [str(REPOSITORY / "scripts"),
                                                                              os.environ.get("PYTHONPATH")]))}
    for index in range(1, args.gates + 1):
        results = shift_dir / f"gate-{index:03d}"
        if (results / "gate_result.json").is_file():
            continue
        shutil.rmtree(results, ignore_errors=True)  # an unfinished one of ours
        command = [sys.executable, "-m", "latency_gate", "gate", "--base", variant["base"], "--pr", variant["binary"],
                   "-r", str(results), "--subexperiments", *variant["subexperiments"], *args.gate_options]
        with open(f"{results}.log", "w") as log:
            code = subprocess.run(command, stdout=log, stderr=subprocess.STDOUT, env=environment).returncode
        last = Path(f"{results}.log").read_text().strip().splitlines()[-1:]
        print(f"gate {index}: exit {code}: {last[0] if last else ''}", flush=True)
        if code not in (0, 1):
            raise SystemExit(f"proof: gate {index} could not decide (exit {code}); see {results}.log")
    if any((d / "gate_result.json").is_file() for d in out.glob("shift-*/gate-*")):
        ab_report([out], args.out_tables or out)
    else:
        print(f"no gates run yet: {variant['binary']}")


def ab_report(inputs, out):
    directories = []
    for path in map(Path, inputs):
        directories += [path] if (path / "variant.json").is_file() else sorted(path.glob("shift-*"))
    report = Report(out, "ab")
    display, raw = [], []
    for directory in directories:
        variant = json.loads((directory / "variant.json").read_text())
        name, payload = variant["subexperiment"], variant["payload"]
        gates = [g for g in load_gates([directory]) if (g.directory / "gate_cells.csv").is_file()]
        target = (name, payload, "Median")
        # A publisher-side variant slows every payload of the target's kind: those cells are
        # truly slower, not false alarms.
        slowed = (lambda cell: subexperiment_kind(cell[0]) == subexperiment_kind(name)) \
            if variant.get("side") == "publisher" else (lambda cell: cell[:2] == (name, payload))
        detected, ratios, same_payload, others, gates_with_others, durations, rounds = 0, [], 0, 0, 0, [], []
        replayed_detected = replayed_others = 0
        for recorded in gates:
            cells = pd.read_csv(recorded.directory / "gate_cells.csv").set_index(relative.CELL)
            flagged = cells[cells["Gated"].astype(bool) & (cells["Verdict"] == relative.REGRESSION)].index
            detected += (not recorded.result["passed"]) and target in flagged
            ratios.append(float(cells.loc[target, "Ratio"]))
            same_payload += (name, payload, "99%") in flagged
            rest = [c for c in flagged if not slowed(c)]
            others += len(rest)
            gates_with_others += bool(rest)
            durations.append(recorded.result["duration_s"])
            rounds.append(recorded.rounds_used)
            replayed, _ = replayed_regressions(recorded, other_variance(recorded.settings))
            replayed_detected += target in replayed
            replayed_others += sum(not slowed(c) for c in replayed)
        count = len(gates)
        if not count:
            continue
        low, high = clopper_pearson(detected, count)
        ratios = np.array(ratios)
        display.append({
            "shift": f"+{variant['shift']:.0%}", "side": variant.get("side", "subscriber"),
            "delay [ns]": variant["delay_ns"],
            "calibrated median [us]": f"{variant.get('median_us', float('nan')):.2f}",
            "gates": count, "detected": detected, "detection": percent(detected / count),
            "95% interval": f"{percent(low)}..{percent(high)}",
            "realised shift p50 (min..max)": f"{(np.median(ratios) - 1) * 100:+.1f}% "
                                             f"({(ratios.min() - 1) * 100:+.1f}..{(ratios.max() - 1) * 100:+.1f}%)",
            "target payload 99% flagged": f"{same_payload}/{count}",
            "other cells flagged (gates)": f"{others} ({gates_with_others})",
            "wall time p50/max [s]": f"{np.median(durations):.0f}/{max(durations):.0f}",
            "variance": gates[0].settings.variance,
            "other variance, replayed: detected (other cells)": f"{replayed_detected}/{count} ({replayed_others})",
        })
        raw.append({"directory": str(directory), "subexperiment": name, "payload": payload,
                    "side": variant.get("side", "subscriber"), **{
            k: variant.get(k) for k in ("shift", "delay_ns", "median_us", "calibration")},
            "subexperiments": ",".join(variant.get("subexperiments", [name])), "gates": count,
            "detected": detected, "detection": detected / count, "low_95": low, "high_95": high,
            "ratio_median": float(np.median(ratios)), "ratio_min": float(ratios.min()),
            "ratio_max": float(ratios.max()), "target_99_flagged": same_payload, "other_cells_flagged": others,
            "gates_with_other_cells_flagged": gates_with_others, "rounds_max": max(rounds),
            "wall_p50_s": float(np.median(durations)), "wall_max_s": float(max(durations)),
            "variance": gates[0].settings.variance, "other_variance_detected": replayed_detected,
            "other_variance_other_cells_flagged": replayed_others})
    if not display:
        sys.exit("proof: no finished A/B gates in the given directories")
    order = np.lexsort(([row["shift"] for row in raw], [row["side"] for row in raw]))
    subexperiments = sorted({row["subexperiments"] for row in raw})
    report.table(f"A/B: regression variants of {raw[0]['subexperiment']} {raw[0]['payload']} B Median "
                 f"(gates on {'; '.join(subexperiments)})", [display[i] for i in order], [raw[i] for i in order],
                 "Detection: the target cell's verdict is regression and the gate failed (interval: exact 95%). "
                 "Realised shift: the gate's PR/base ratio of the target cell. Other cells: regressions in cells the "
                 "variant does not slow (false alarms): for the subscriber side every other cell, for the publisher "
                 "side (a delay growing with the payload in every payload of the target's kind) the cells of "
                 "other kinds of sub-experiment.")
    report.save()
