"""Change points in a platform's history: where a cell's level shifted for good.

Specification:
- a cell is a sub-experiment, payload and magnitude (latency: Median and 99%; throughput:
  the subscription throughput); each cell's series
  over the runs, oldest first, is analysed on its own (Apache Otava's E-divisive means);
- a +30 % step in one cell from run k on is one change point, at run k exactly, in that
  cell only, with the levels before and after, the relative change and a p-value;
- a flat history whose runs scatter by 10 % has none; neither has a history shorter
  than Options.min_runs, nor one outlying run; shifts under Options.min_change are not
  reported; a step down (faster) is a change point with a negative change;
- a throughput history's drop is a change point with a negative change, in Mb/s;
- bad or missing input is an InputError naming the file.
"""

import json
from pathlib import Path
from dataclasses import dataclass, replace

import numpy as np
import pandas as pd
import pytest

from latency_gate.analysis import changepoints, requirements
from latency_gate.analysis.requirements import run_directories
from latency_gate.contracts import change_points, formats, throughput_formats as tf
from latency_gate.errors import InputError
from latency_gate.render import changepoint_summary
from latency_gate.runner import kinds
from latency_gate_testing import factories

pytestmark = pytest.mark.unit

SUBEXPERIMENTS = ("intraprocess_best_effort", "interprocess_reliable")


@dataclass(frozen=True)
class Step:
    """Multiply one cell's level by `factor` from run `run` on."""

    run: int
    subexperiment: str
    payload: int
    magnitude: str
    factor: float


def detect_runs(run_directories, platform="", options=None):
    """A Detection from run directories with summaries, in chronological order, of the kind their
    metadata says (as a history's runs are read: requirements.collect_summaries)."""
    runs = [Path(run) for run in run_directories]
    kind = kinds.of_runs(runs)
    return changepoints.detect_history(requirements.collect_summaries(runs, kind), [run.name for run in runs],
                                       platform, options, kind)


def write_history(root, runs, *, cv=0.04, steps=(), subexperiments=SUBEXPERIMENTS, seed=0):
    """Run directories run-000 ... of summaries: each magnitude of each cell scatters
    log-normally by `cv` (coefficient of variation) around a level that grows with the
    payload, as synthetic runs do; `steps` shift levels. Returns the run directories."""
    rng = np.random.default_rng(seed)
    sigma = np.sqrt(np.log(1 + cv**2))
    payloads = np.asarray(formats.PAYLOADS)
    directories = []
    for run in range(runs):
        directory = root / f"run-{run:03d}"
        for name in subexperiments:
            level = {"Median": factories.base_latency(name) + 0.004 * payloads}
            level.update({"99%": 1.9 * level["Median"], "Max": 5 * level["Median"]})
            for step in steps:
                if step.subexperiment == name and run >= step.run:
                    level[step.magnitude] = np.where(payloads == step.payload, level[step.magnitude] * step.factor,
                                                     level[step.magnitude])
            median = level["Median"] * rng.lognormal(0, sigma, payloads.size)
            frame = pd.DataFrame({column: median for column in formats.SUMMARY_COLUMNS})
            frame["Bytes"], frame["Samples"] = payloads, 10_000
            frame["99%"] = level["99%"] * rng.lognormal(0, sigma, payloads.size)
            frame["Max"] = level["Max"] * rng.lognormal(0, sigma, payloads.size)
            frame["Min"] = median * 0.7
            formats.write_csv(frame, formats.summary_path(directory, name))
        directories.append(directory)
    return directories


def cells(found):
    return [(p.subexperiment, p.payload, p.magnitude) for p in found]


def test_a_30_percent_step_in_one_cell_is_found_at_its_first_run_in_that_cell_only(tmp_path):
    step = Step(run=14, subexperiment="interprocess_reliable", payload=1024, magnitude="99%", factor=1.3)
    runs = write_history(tmp_path, 30, steps=[step])

    detection = detect_runs(runs, platform="lab")

    assert detection.runs == 30 and detection.platform == "lab"
    assert cells(detection.changepoints) == [("interprocess_reliable", 1024, "99%")]
    (point,) = detection.changepoints
    assert (point.index, point.run_id) == (14, "run-014")
    level = 1.9 * (factories.base_latency("interprocess_reliable") + 0.004 * 1024)
    assert point.mean_before == pytest.approx(level, rel=0.03)
    assert point.mean_after == pytest.approx(1.3 * level, rel=0.03)
    assert point.change == pytest.approx(0.3, abs=0.04)
    assert point.pvalue < changepoints.DEFAULTS.max_pvalue


def test_a_step_down_is_a_change_point_with_a_negative_change(tmp_path):
    runs = write_history(tmp_path, 24, steps=[Step(10, "intraprocess_best_effort", 16, "Median", 0.7)])

    (point,) = detect_runs(runs).changepoints

    assert (point.subexperiment, point.payload, point.magnitude, point.index) == (
        "intraprocess_best_effort", 16, "Median", 10)
    assert point.change == pytest.approx(-0.3, abs=0.04)


def test_a_flat_history_scattering_by_10_percent_has_no_change_points(tmp_path):
    runs = write_history(tmp_path, 60, cv=0.10, subexperiments=formats.SUBEXPERIMENTS, seed=3)
    medians = pd.concat(formats.read_summary(formats.summary_path(run, "interprocess_reliable"))
                        .set_index("Bytes")["Median"] for run in runs)
    scatter = medians.groupby(level=0).agg(lambda values: values.std() / values.mean())
    assert scatter.mean() == pytest.approx(0.10, abs=0.015)  # the noise is what the test says

    detection = detect_runs(runs)

    assert detection.changepoints == []  # 220 series of 60 runs each


def test_a_history_shorter_than_the_minimum_has_none_and_is_no_error(tmp_path):
    minimum = changepoints.DEFAULTS.min_runs
    doubling = Step(minimum // 2, "intraprocess_best_effort", 64, "Median", 2.0)
    runs = write_history(tmp_path, minimum, cv=0.01, steps=[doubling])

    assert detect_runs(runs[:-1]).changepoints == []
    assert detect_runs(runs[:-1]).runs == minimum - 1
    assert cells(detect_runs(runs).changepoints) == [("intraprocess_best_effort", 64, "Median")]
    assert detect_runs([]).changepoints == []


def test_one_outlying_run_is_no_change_point(tmp_path):
    spike = [Step(12, "interprocess_reliable", 256, "99%", 1.5), Step(13, "interprocess_reliable", 256, "99%", 1 / 1.5)]

    assert detect_runs(write_history(tmp_path, 30, steps=spike)).changepoints == []


def test_shifts_below_the_minimum_change_are_not_reported(tmp_path):
    runs = write_history(tmp_path, 30, cv=0.01, steps=[Step(15, "interprocess_reliable", 16, "Median", 1.03)])

    assert detect_runs(runs).changepoints == []  # 3 % < the default 5 %
    relaxed = replace(changepoints.DEFAULTS, min_change=0.02)
    assert cells(detect_runs(runs, options=relaxed).changepoints) == [
        ("interprocess_reliable", 16, "Median")]


def test_the_magnitudes_analysed_are_configurable(tmp_path):
    runs = write_history(tmp_path, 24, steps=[Step(12, "interprocess_reliable", 16, "Max", 1.5)])
    max_only = changepoints.Options(magnitudes=("Max",))

    assert detect_runs(runs).changepoints == []  # Max is not analysed by default
    assert cells(detect_runs(runs, options=max_only).changepoints) == [
        ("interprocess_reliable", 16, "Max")]


def test_a_run_without_some_payload_leaves_a_gap_not_an_error(tmp_path):
    step = Step(14, "interprocess_reliable", 1024, "99%", 1.3)
    runs = write_history(tmp_path, 30, steps=[step])
    path = formats.summary_path(runs[5], "interprocess_reliable")
    summary = formats.read_summary(path)
    formats.write_csv(summary[summary["Bytes"] != 1024], path)

    (point,) = detect_runs(runs).changepoints

    assert (point.index, point.run_id) == (14, "run-014")  # positions count every run


def test_a_bad_summary_is_an_input_error_naming_the_file_and_line(tmp_path):
    runs = write_history(tmp_path, 10)
    bad = formats.summary_path(runs[4], "intraprocess_best_effort")
    bad.write_text(bad.read_text().replace("\n64,", "\nsixty-four,", 1))

    with pytest.raises(InputError, match=rf"{bad}:4: column 'Bytes'"):
        detect_runs(runs)


def test_a_run_without_summaries_is_an_input_error_naming_it(tmp_path):
    runs = write_history(tmp_path, 3)
    empty = tmp_path / "run-003"
    empty.mkdir()

    with pytest.raises(InputError, match=rf"{empty}: no sub-experiment summaries"):
        detect_runs([*runs, empty])


def test_the_file_holds_the_change_points_and_how_they_were_found(tmp_path):
    runs = write_history(tmp_path / "runs", 30, steps=[Step(14, "interprocess_reliable", 1024, "99%", 1.3)])
    detection = detect_runs(run_directories(tmp_path / "runs"), platform="lab")
    target = change_points.path(tmp_path / "store", "lab")

    changepoints.write(detection, target)

    assert target == tmp_path / "store" / "changepoints" / "lab.json"
    document = json.loads(target.read_text())
    assert document["library"] == "apache-otava 0.8.0"
    assert document["options"]["max_pvalue"] == changepoints.DEFAULTS.max_pvalue
    assert document["options"]["magnitudes"] == ["Median", "99%"]
    assert [(row["run_id"], row["index"]) for row in document["changepoints"]] == [(runs[14].name, 14)]
    again = changepoints.read(target)
    assert again.changepoints[0].run_id == runs[14].name and again.runs == 30
    assert again.changepoints[0].change == pytest.approx(detection.changepoints[0].change, abs=1e-4)
    assert again.options == detection.options


def test_an_unreadable_change_points_file_is_an_input_error_naming_it(tmp_path):
    target = tmp_path / "lab.json"
    with pytest.raises(InputError, match=rf"{target}: no change points file"):
        changepoints.read(target)
    target.write_text("{not json")
    with pytest.raises(InputError, match=rf"{target}: unreadable change points"):
        changepoints.read(target)
    target.write_text(json.dumps({"changepoints": [{"run_id": "r1"}]}))
    with pytest.raises(InputError, match=rf"{target}: change point 1 needs exactly the fields"):
        changepoints.read(target)


def test_a_pool_of_processes_finds_the_same_change_points(tmp_path, monkeypatch):
    runs = write_history(tmp_path, 30, cv=0.08, steps=[Step(14, "interprocess_reliable", 1024, "99%", 1.3),
                                                       Step(20, "intraprocess_best_effort", 16, "Median", 0.8)])
    alone = detect_runs(runs)
    monkeypatch.setattr(changepoints, "PARALLEL_MIN_POINTS", 0)
    monkeypatch.setattr(changepoints.os, "cpu_count", lambda: 2)

    assert detect_runs(runs) == alone
    assert len(alone.changepoints) >= 2


def test_a_drop_in_a_throughput_history_is_a_change_point_in_its_throughput_cell(tmp_path):
    run_ids = factories.write_throughput_history(tmp_path, platform="lab-throughput", runs=24, payloads=(64, 1024),
                                       shift=(12, 1024, 0.7))
    runs = [tmp_path / "runs" / "lab-throughput" / run_id for run_id in run_ids]

    detection = detect_runs(runs, platform="lab-throughput")

    assert detection.kind == "throughput" and detection.options.magnitudes == (tf.THROUGHPUT,)
    (point,) = detection.changepoints
    assert (point.subexperiment, point.payload, point.magnitude, point.index) == (
        "interprocess_reliable", 1024, tf.THROUGHPUT, 12)
    assert point.mean_before == pytest.approx(256, rel=0.03) and point.change == pytest.approx(-0.3, abs=0.04)
    summary = changepoint_summary.markdown_summary(detection)
    assert summary.startswith("## Throughput change points on lab-throughput")
    assert f"| {point.mean_before:.3f} → {point.mean_after:.3f} Mb/s | {point.change * 100:+.1f} % |" in summary
    stored = changepoints.read(changepoints.write(detection, tmp_path / "lab-throughput.json"))
    assert (stored.kind, cells(stored.changepoints)) == ("throughput", cells(detection.changepoints))
