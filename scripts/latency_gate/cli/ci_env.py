"""Print what a CI job's shell scripts need to know of the platform running the job (one value,
an empty line when the platform names none), so no script detects the platform itself:

  latency-gate ci-env platform    its name: github, gitlab, terminal (no CI detected) or a
                                  registered platform's (latency_gate/ci/platforms/ says how)
  latency-gate ci-env workspace   the checkout being gated (GITHUB_WORKSPACE, CI_PROJECT_DIR)
  latency-gate ci-env scratch     a temporary directory of this job's own (RUNNER_TEMP)
"""

from latency_gate.ci import platforms
from latency_gate.errors import EXIT_OK

VALUES = ("platform", "workspace", "scratch")


def add_arguments(parser):
    parser.add_argument("value", choices=VALUES)


def run(args):
    platform = platforms.detect()
    value = platform.name if args.value == "platform" else getattr(platform, args.value)()
    print(value or "")
    return EXIT_OK
