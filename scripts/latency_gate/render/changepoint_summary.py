"""A platform's change points as Markdown (the history job's summary), from
analysis/changepoints.py's Detection."""

from latency_gate.render import markdown
from latency_gate.runner import kinds


CHANGE_POINT_ROWS = 20  # the job summary lists the newest ones, then says how many more


def markdown_summary(detection, limit=CHANGE_POINT_ROWS):
    """Markdown: a platform's change points (a changepoints.Detection), newest first."""
    points = sorted(detection.changepoints, key=lambda point: point.index, reverse=True)  # stable: cell order kept
    options = detection.options
    lines = [f"## {kinds.line(detection.kind).title} change points on {detection.platform}", ""]
    if not points:
        lines.append(f"None in the {detection.runs} runs of the history: no cell's "
                     f"{' or '.join(options.magnitudes)} {detection.kind} level shifted by more than "
                     f"{options.min_change * 100:g}% "
                     f"(p < {options.max_pvalue:g}; at least {options.min_runs} runs needed).")
        return "\n".join(lines) + "\n"
    lines += [f"{len(points)} in the {detection.runs} runs of the history, newest first: the first run at the "
              f"new level, the mean level before and after it ({detection.library}, p < {options.max_pvalue:g}, "
              f"change over {options.min_change * 100:g}%).", ""]
    kind = kinds.line(detection.kind)
    lines += markdown.table(
        ["Run", "Sub-experiment", "Payload", "Magnitude", "Before → after", "Change", "p"],
        [[f"`{point.run_id}`", f"`{point.subexperiment}`", f"{point.payload} B", point.magnitude,
          f"{point.mean_before:.3f} → {point.mean_after:.3f} {_unit_text(kind.unit(point.magnitude))}",
          f"{point.change * 100:+.1f} %", f"{point.pvalue:.1g}"] for point in points[:limit]],
        "llrlrrr")
    if len(points) > limit:
        lines += ["", f"and {len(points) - limit} more (`changepoints/{detection.platform}.json` in the history site)"]
    return "\n".join(lines) + "\n"


def _unit_text(unit):
    return "µs" if unit == "us" else unit
