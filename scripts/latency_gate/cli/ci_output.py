"""Write step outputs, the job summary and annotations for GitHub Actions or GitLab CI.

  latency-gate ci-output set KEY=VALUE ...           step outputs
  latency-gate ci-output summary FILE                markdown file to the job summary
  latency-gate ci-output annotate LEVEL TITLE TEXT   an error, warning or notice
  latency-gate ci-output check-report DIRECTORY      a `latency-gate check`'s reports as
                                                     annotations, job summary and outputs
  latency-gate ci-output gate-metrics DIRECTORY      a relative gate's verdict as GitLab's
                                                     metrics report (gate_metrics.txt)
  latency-gate ci-output keep [--path DIR] [NAME=VALUE ...]
                                                     a directory on PATH and variables for the
                                                     job's later steps (GitHub's GITHUB_PATH,
                                                     GITHUB_ENV; one shell elsewhere: nothing)

The shell wrappers in scripts/ci/ and scripts/setup/install_cli.sh use it, so every CI output is
written one way (the platform running the job says where each goes: latency_gate/ci/platforms/).
"""

from pathlib import Path

from latency_gate.ci import outputs, platforms
from latency_gate.contracts import formats
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
    keep = actions.add_parser("keep", help="a directory on PATH and variables for the job's later steps")
    keep.add_argument("--path", type=Path, help="a directory to put on PATH")
    keep.add_argument("variables", nargs="*", metavar="NAME=VALUE")


def run(args):
    try:
        if args.action == "set":
            outputs.set_outputs(_pairs(args, args.values))
        elif args.action == "summary":
            try:  # a read, not a write of the CI output
                summary = args.file.read_text(encoding="utf-8")
            except UnicodeDecodeError as error:
                raise formats.not_utf8(args.file, error) from None
            except IsADirectoryError:
                raise InputError("a directory, not a summary to read", args.file) from None
            outputs.add_summary(summary)
        elif args.action == "annotate":
            outputs.annotate(args.level, args.title, args.message)
        elif args.action == "gate-metrics":
            outputs.write_gate_metrics(args.directory)
        elif args.action == "keep":
            platforms.detect().keep_for_job(args.path, _pairs(args, args.variables))
        else:
            outputs.publish_check_report(args.directory)
    except FileNotFoundError as error:
        raise InputError(f"no such file: {error.filename}") from None
    except (ValueError, KeyError, OSError) as error:
        raise InputError(f"cannot write the CI output: {error}") from None
    return EXIT_OK


def _pairs(args, words):
    """{key: value} of KEY=VALUE words; a usage error otherwise."""
    pairs = [word.partition("=") for word in words]
    if any(not separator for _, separator, _ in pairs):
        args.usage_error(f"{args.action} takes KEY=VALUE pairs")
    return {key: value for key, _, value in pairs}
