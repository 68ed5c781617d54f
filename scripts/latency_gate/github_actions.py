"""GitHub Actions glue for a check report: job summary, error annotations, step outputs.

    python -m latency_gate.github_actions REPORT_DIRECTORY

reads check_result.json and check_report.md written by `latency-gate check`, appends the
markdown to $GITHUB_STEP_SUMMARY, prints one `::error` annotation per failed check and
appends passed, failed, worst-margin, report and junit to $GITHUB_OUTPUT. It never
decides the verdict: `latency-gate check`'s exit code does.

changepoint_summary() writes the publish-history step's job summary: the change points
the history's regeneration found (changepoints.py), newest first.
"""

import json
import os
import sys
from pathlib import Path


def escape_data(text):
    """Workflow command data: '%', CR and LF would end or forge the command."""
    return str(text).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text):
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(failure):
    """One `::error` line for a failed check of check_result.json."""
    title = f"{failure['subexperiment']} {failure['bytes']} B {failure['check']}"
    message = (f"{failure['check']} latency {failure['experiment']:.3f} us is "
               f"{failure['percentage_over']:.1f}% over the requirement {failure['requirement']:.3f} us")
    return f"::error title={escape_property(title)}::{escape_data(message)}"


def outputs(result, report_directory):
    report_directory = Path(report_directory).resolve()
    return {
        "passed": result["passed"],
        "failed": result["failed"],
        "worst-margin": result["worst"]["percentage_over"],
        "report": report_directory / "check_report.md",
        "junit": report_directory / "check_report.xml",
    }


def publish_check_report(report_directory, summary_file, output_file, stream=None):
    report_directory = Path(report_directory)
    result = json.loads((report_directory / "check_result.json").read_text())
    for failure in result["failures"]:
        print(annotation(failure), file=stream)
    if summary_file:
        with open(summary_file, "a", encoding="utf-8") as summary:
            summary.write((report_directory / "check_report.md").read_text())
    if output_file:
        with open(output_file, "a", encoding="utf-8") as output:
            output.writelines(f"{key}={value}\n" for key, value in outputs(result, report_directory).items())
    return result


CHANGE_POINT_ROWS = 20  # the job summary lists the newest ones, then says how many more


def changepoint_summary(detection, limit=CHANGE_POINT_ROWS):
    """Markdown: a platform's change points (a changepoints.Detection), newest first."""
    points = sorted(detection.changepoints, key=lambda point: point.index, reverse=True)  # stable: cell order kept
    options = detection.options
    lines = [f"## Latency change points on {detection.platform}", ""]
    if not points:
        lines.append(f"None in the {detection.runs} runs of the history: no cell's "
                     f"{' or '.join(options.magnitudes)} latency level shifted by more than {options.min_change:.0%} "
                     f"(p < {options.max_pvalue:g}; at least {options.min_runs} runs needed).")
        return "\n".join(lines) + "\n"
    lines += [f"{len(points)} in the {detection.runs} runs of the history, newest first: the first run at the "
              f"new level, the mean level before and after it ({detection.library}, p < {options.max_pvalue:g}, "
              f"change over {options.min_change:.0%}).", "",
              "| Run | Sub-experiment | Payload | Magnitude | Before → after | Change | p |",
              "|---|---|--:|---|--:|--:|--:|"]
    lines += [f"| `{point.run_id}` | `{point.subexperiment}` | {point.payload} B | {point.magnitude} | "
              f"{point.mean_before:.3f} → {point.mean_after:.3f} µs | {point.change * 100:+.1f} % | {point.pvalue:.1g} |"
              for point in points[:limit]]
    if len(points) > limit:
        lines += ["", f"and {len(points) - limit} more (`changepoints/{detection.platform}.json` on the history branch)"]
    return "\n".join(lines) + "\n"


def append_summary(summary_file, markdown):
    with open(summary_file, "a", encoding="utf-8") as summary:
        summary.write(markdown)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m latency_gate.github_actions REPORT_DIRECTORY", file=sys.stderr)
        return 2
    try:
        publish_check_report(argv[0], os.environ.get("GITHUB_STEP_SUMMARY"), os.environ.get("GITHUB_OUTPUT"))
    except (OSError, ValueError, KeyError) as error:
        print(f"latency_gate.github_actions: no usable check report in {argv[0]}: {error}", file=sys.stderr)
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
