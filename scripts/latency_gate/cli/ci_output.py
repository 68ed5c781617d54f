"""Write step outputs, the job summary and annotations for GitHub Actions or GitLab CI.

  latency-gate ci-output set KEY=VALUE ...           step outputs
  latency-gate ci-output summary FILE                markdown file to the job summary
  latency-gate ci-output annotate LEVEL TITLE TEXT   an error, warning or notice
  latency-gate ci-output check-report DIRECTORY      a `latency-gate check`'s reports as
                                                     annotations, job summary and outputs
  latency-gate ci-output gate-metrics DIRECTORY      a relative gate's verdict as GitLab's
                                                     metrics report (gate_metrics.txt)

The shell wrappers in scripts/ci/ use it, so every CI output is written one way
(latency_gate/ci/outputs.py says where each goes on each CI system).
"""

from pathlib import Path

from latency_gate.ci import outputs
from latency_gate.errors import EXIT_OK, InputError


def add_arguments(parser):
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    setter = actions.add_parser("set", help="step outputs")
    setter.add_argument("values", nargs="+", metavar="KEY=VALUE")
    summary = actions.add_parser("summary", help="markdown file to the job summary")
    summary.add_argument("file", type=Path)
    annotation = actions.add_parser("annotate", help="an annotation")
    annotation.add_argument("level", choices=outputs.LEVELS)
    annotation.add_argument("title")
    annotation.add_argument("message")
    report = actions.add_parser("check-report", help="a check's reports")
    report.add_argument("directory", type=Path)
    metrics = actions.add_parser("gate-metrics", help="a relative gate's metrics report")
    metrics.add_argument("directory", type=Path)


def run(args):
    try:
        if args.action == "set":
            pairs = [value.partition("=") for value in args.values]
            if any(not separator for _, separator, _ in pairs):
                args.usage_error("set takes KEY=VALUE pairs")
            outputs.set_outputs({key: value for key, _, value in pairs})
        elif args.action == "summary":
            outputs.add_summary(args.file.read_text(encoding="utf-8"))
        elif args.action == "annotate":
            outputs.annotate(args.level, args.title, args.message)
        elif args.action == "gate-metrics":
            outputs.write_gate_metrics(args.directory)
        else:
            outputs.publish_check_report(args.directory)
    except FileNotFoundError as error:
        raise InputError(f"no such file: {error.filename}") from None
    except (ValueError, KeyError, OSError) as error:
        raise InputError(f"cannot write the CI output: {error}") from None
    return EXIT_OK
