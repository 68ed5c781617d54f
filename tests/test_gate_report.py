"""gate_report.md and gate_cells.csv say what their numbers are (contracts/magnitudes.py).

Specification:
- a counted gate's values are instructions per round trip: its tables' headers say
  [instructions], gate_cells.csv's Unit column says instructions, nothing calls them
  microseconds; its percentages keep the decimals a 0.2 % minimum needs; it says what it did not
  count (the backend's counted path);
- a latency gate's tables stay in [us], and gate_cells.csv's Unit says us;
- a regression is a pull request at least the minimum effect slower than its base (timed), or
  needing at least that much more instructions per round trip (counted);
- the detectable effect is the slowdown the gate would have confirmed (failed on) in 80 % of such
  gates, not what a pass rules out (the minimum effect, in every gated cell);
- a throughput gate is titled so and says what its runs ran: cases, each for a time;
- a table whose cells hold magnitudes of different units puts each value's unit beside it;
- gate_cells.csv's and gate_result.json's ratios and bounds keep 6 decimals, adjusted p-values 3
  significant digits (a count's changes are tenths of a percent, its p-values far below 1e-5);
- a version 1 gate_cells.csv ('Base [us]', 'PR [us]', no Unit) reads with version 2's columns.
"""

import re

import pandas as pd
import pytest

import gate_results
from latency_gate.analysis import code_path, relative
from latency_gate.contracts import gate_result, run_metadata
from latency_gate.render import gate_report

pytestmark = pytest.mark.unit

COUNTED_PATH = "LatencyTest: DataWriter::write and the data readers' on_data_available"


def details(**extra):
    return {"samples": 100, "duration_s": 70.0, "requirements_comparability": [], "below_resolution": [],
            "regime": run_metadata.regime(run_metadata.RunMetadata(run_id="r1", settings=gate_results.PRESET)),
            **extra}


def markdown_report(decision, ceiling, settings, details):
    """gate_report.markdown_report with the verdict the gate decides of `decision` (campaigns/gate.py)."""
    failed = not relative.failures(decision, ceiling)[0].empty
    return gate_report.markdown_report(decision, ceiling, settings, details,
                                       relative.gate_verdict(decision, failed, settings))


def counted_decision(changes):
    frame = gate_results.rounds_frame(changes, noise=gate_results.COUNTED_NOISE, levels=gate_results.COUNTED_LEVELS)
    return relative.decide(frame, gate_results.COUNTED)


def test_a_counted_gate_reports_instructions_never_microseconds():
    decision = counted_decision({(32, "Instructions"): 1.004})

    report = markdown_report(decision, None, gate_results.COUNTED,
                                         details(signal="instructions", counted_path=COUNTED_PATH))
    cells = gate_report.cell_table(decision, None)

    lines = report.splitlines()
    assert lines[0] == "## Code-path gate (instructions per round trip: pull request vs base): FAILED"
    assert "| Cell | Base [instructions] | PR [instructions] | Change | Interval | Why |" in lines
    assert re.search(r"\| intraprocess_best_effort 32 B Instructions \| 52,\d{3} \| 52,\d{3} \| \+0\.\d\d% \|", report)
    assert "needs at least 0.2% more instructions per round trip than its base" in report
    assert f"on the backend's counted path ({COUNTED_PATH})" in report and "Not counted: whatever runs outside" in report
    assert not re.search(r"\bus\b|\[us\]|microsecond", report)
    assert "+0%" not in report and "(+0%)" not in report
    assert {"Base", "PR", "Unit"} <= set(cells.columns) and not any("[us]" in column for column in cells.columns)
    assert set(cells["Unit"]) == {"instructions"}


def test_a_latency_gate_reports_microseconds():
    decision = relative.decide(gate_results.rounds_frame({(32, "Median"): 1.2}))

    report = markdown_report(decision, None, relative.GateSettings(), details())

    assert "| Cell | Base [us] | PR [us] | Change | Interval | Why |" in report.splitlines()
    assert set(gate_report.cell_table(decision, None)["Unit"]) == {"us"}
    # a time is slower, a count needs more (the counted gate's test): the sentence said "needs ... slower"
    assert "is a regression when the pull request is at least 5% slower than its base, a paired t-test" in report


def test_a_throughput_gate_is_titled_so_and_says_its_cases_each_run_for_a_time():
    """ThroughputTest runs each case (payload x demand x recovery time) for a time, not samples: its
    report had been titled "Latency gate" and said "of 500 samples"."""
    decision = relative.decide(gate_results.rounds_frame(levels=gate_results.THROUGHPUT_LEVELS),
                               gate_results.THROUGHPUT)

    lines = markdown_report(decision, None, gate_results.THROUGHPUT,
                            details(**gate_results.THROUGHPUT_RUNS)).splitlines()

    assert re.fullmatch(r"## Throughput gate \(relative: pull request vs base\): [A-Z]+", lines[0])
    assert " gated cells after 8 interleaved rounds of 3 cases of 1 s (70 s)" in lines[2]
    assert "samples" not in lines[2]
    assert "is a regression when the pull request is at least 5% slower than its base" in lines[4]


def test_the_detectable_effect_is_what_the_gate_would_have_failed_on_not_what_a_pass_rules_out():
    """A pass rules out the minimum effect in every gated cell; the detectable effect is the slowdown
    the gate would have confirmed in 80 % of such gates. The report had said a pass ruled out slowdowns
    of the detectable size, "not smaller ones"."""
    decision = relative.decide(gate_results.rounds_frame(noise=0.001))  # quiet: passes

    report = markdown_report(decision, None, relative.GateSettings(), details())

    assert report.startswith("## Latency gate (relative: pull request vs base): PASSED")
    assert ("Detectable: the smallest slowdown this gate would have confirmed (failed on) in 80% of such gates at "
            "the noise it measured, per magnitude: median over the payloads (largest).") in report
    assert "smaller" not in report


def test_cells_of_different_units_carry_their_unit_beside_each_value():
    levels = gate_results.COUNTED_LEVELS + (("EstimatedCycles", 81_000.0),)
    settings = relative.GateSettings(min_effect=0.002, gated=("Instructions", "EstimatedCycles"), guard="rank")
    frame = gate_results.rounds_frame({(32, "Instructions"): 1.004, (32, "EstimatedCycles"): 1.004},
                                      noise=gate_results.COUNTED_NOISE, levels=levels)

    report = markdown_report(relative.decide(frame, settings), None, settings,
                                         details(signal="instructions", counted_path=COUNTED_PATH))

    assert "| Cell | Base | PR | Change | Interval | Why |" in report.splitlines()
    assert re.search(r"\| intraprocess_best_effort 32 B EstimatedCycles \| 81,\d{3} cycles \| 81,\d{3} cycles \|", report)
    assert re.search(r"\| intraprocess_best_effort 32 B Instructions \| 52,\d{3} instructions \|", report)


def test_ratios_keep_six_decimals_and_adjusted_p_values_three_significant_digits(tmp_path):
    """+0.23 % and +0.16 % had both read Ratio 1.002 in gate_cells.csv, a bound of 1.0023 read as the
    0.2 % minimum, and an adjusted p of 4e-07 read 0.0 in gate_result.json beside a reason saying 4e-07."""
    decision = counted_decision({(32, "Instructions"): 1.0023, (64, "Instructions"): 1.0016})

    gate_report.write_cells(decision, None, tmp_path)
    cells = gate_result.read_cells(tmp_path).set_index("Bytes")
    document = gate_report.result_document(decision, None, [], gate_results.COUNTED, details(),
                                           relative.gate_verdict(decision, True, gate_results.COUNTED))

    decided = decision.set_index("Bytes")
    for column in ("Ratio", "Low", "High", "Detectable", "Ruled out above"):
        assert cells[column].to_numpy() == pytest.approx(decided[column].to_numpy(), abs=5e-7), column
    assert round(cells.loc[32, "Ratio"], 3) == round(cells.loc[64, "Ratio"], 3) == 1.002  # 3 decimals: alike
    assert cells.loc[32, "Ratio"] - cells.loc[64, "Ratio"] > 1e-4
    assert cells["p"].to_numpy() == pytest.approx(decided["p"].to_numpy(), rel=5e-3)
    [regression] = [cell for cell in document["regressions"] if cell["bytes"] == 32]
    assert 0 < regression["p_adjusted"] < 1e-5
    assert f"adjusted p={regression['p_adjusted']:.2g}" in regression["reason"]
    assert regression["ratio"] == pytest.approx(decided.loc[32, "Ratio"], abs=5e-7)


def test_a_version_1_cell_table_reads_with_version_2_columns(tmp_path):
    (tmp_path / gate_result.CELLS_FILE).write_text(
        "Sub-experiment,Bytes,Magnitude,Gated,Rounds,Base [us],PR [us],Ratio,Verdict\n"
        "intraprocess_best_effort,16,Instructions,True,3,19611.117,19790.106,1.009,regression\n"
        "intraprocess_best_effort,16,Median,True,3,10.5,10.6,1.01,inconclusive\n")

    cells = gate_result.read_cells(tmp_path)

    assert list(cells.columns) == ["Sub-experiment", "Bytes", "Magnitude", "Gated", "Rounds", "Base", "PR", "Unit",
                                   "Ratio", "Verdict"]
    assert cells["Unit"].tolist() == ["instructions", "us"]
    pd.testing.assert_series_equal(cells["Base"], pd.Series([19611.117, 10.5], name="Base"))


def test_a_counted_gate_that_could_not_rule_out_its_minimum_says_so_of_an_increase():
    frame = gate_results.rounds_frame(noise=0.01, levels=gate_results.COUNTED_LEVELS)  # counts that spread 1 %
    decision = relative.decide(frame, gate_results.COUNTED)

    lines = markdown_report(decision, None, gate_results.COUNTED,
                                        details(signal="instructions", counted_path=COUNTED_PATH)).splitlines()

    assert lines[0] == "## Code-path gate (instructions per round trip: pull request vs base): INCONCLUSIVE"
    assert re.search(r"\d of 3 gated cells could not rule out an increase of 0\.2%; detectable: Instructions: "
                     r"\+\d\.\d% \(intraprocess_best_effort\)", lines[2])


def test_a_counted_gate_says_why_a_cell_cannot_detect_the_increase_required(tmp_path):
    """The cells' spread and the functions it is in (analysis/code_path.py spread_causes), a
    function's name without its parameters (gate_result.json keeps them whole), and how many times
    its spread the cell's detectable increase is (many: the rounds are the limit)."""
    frame = gate_results.rounds_frame(noise=0.01, levels=gate_results.COUNTED_LEVELS)
    decision = relative.decide(frame, gate_results.COUNTED)
    decode = "Transform::decode_rtps_message(CDRMessage_t&, Handle&)"
    spread = [{"subexperiment": "interprocess_reliable_security", "bytes": 16, "detectable": 0.019, "spread": 0.0137,
               "runs": 6, "functions": [{"function": "processCDRMsg(Locator_t const&)", "spread": 21579, "share": 0.974},
                                        {"function": decode, "spread": 3400, "share": 0.78}]},
              {"subexperiment": "interprocess_best_effort", "bytes": 16, "detectable": 0.004, "spread": 0.0,
               "runs": 6, "functions": []}]
    counted = details(signal="instructions", counted_path=COUNTED_PATH, spread_causes=spread)

    report = markdown_report(decision, None, gate_results.COUNTED, counted)
    document = gate_report.result_document(decision, None, [], gate_results.COUNTED, counted,
                                           relative.gate_verdict(decision, False, gate_results.COUNTED))

    assert "### Why 2 cell(s) cannot detect +0.2%" in report
    assert ("- interprocess_reliable_security 16 B: detectable +1.9% (1.4× the runs' spread), runs' spread 1.4% over "
            "6 runs; 97% in `processCDRMsg` (±21,579), 78% in `Transform::decode_rtps_message` (±3,400).") in report
    assert ("- interprocess_best_effort 16 B: detectable +0.4% (no spread between runs: the rounds alone), runs' spread "
            "0% over 6 runs; no function holds a tenth") in report
    gate_result.write(tmp_path, document)  # the contract knows the field
    assert gate_result.read(tmp_path)["spread_causes"][0]["functions"][1]["function"] == decode


HOSTILE = "<img src=https://evil.example/t.png> [details](https://evil.example) @octocat `x` a|b \u202e"


def test_a_pull_requests_function_names_and_build_settings_render_as_the_text_they_are():
    """Function names (a C++ symbol can be any text), build settings and allocating functions come
    from the pull request's build: in the report (the job summary) they are shown, never rendered
    into an image, a link, a mention or a table's extra cell."""
    import cmarkgfm
    from cmarkgfm.cmark import Options

    decision = counted_decision({(32, "Instructions"): 1.004})
    function = {"function": HOSTILE, "base": 1, "pr": 2, "delta": 1, "share": 1.0}
    report = markdown_report(decision, None, gate_results.COUNTED, details(
        signal="instructions", counted_path=COUNTED_PATH,
        functions={code_path.cell_key("intraprocess_best_effort", 32): [function]},
        build_differences=[{"what": HOSTILE, "base": HOSTILE, "pr": HOSTILE}],
        allocation_changes=[{"subexperiment": "intraprocess_best_effort", "bytes": 32, "base": 1.0, "pr": 2.0,
                             "verdict": "regression", "functions": [{"function": HOSTILE, "delta": 1.0}]}]))

    html = cmarkgfm.github_flavored_markdown_to_html(report, options=Options.CMARK_OPT_UNSAFE)
    assert HOSTILE.split()[0][:4] in report  # they are there
    assert "<img" not in html and "<a " not in html and "\u202e" not in html
    assert "@\u2060octocat" in html or "@octocat</code>" in html  # a mention only inside code, or joined
    for table in re.findall(r"<table>.*?</table>", html, re.S):  # every row has its header's cells
        widths = {row.count("<td") for row in re.findall(r"<tr>(.*?)</tr>", table, re.S) if "<td" in row}
        assert len(widths) <= 1
