"""A CI job's measurement or gate from its LATENCY_* variables (the composite actions' and the
GitLab jobs' inputs), checked once, with an error naming the variable (exit 3):

  latency-gate ci run                   one run, processed, into $LATENCY_RESULTS/run; with
                                        LATENCY_RUNS > 1 or LATENCY_SHARD this job's share of many
                                        runs ($LATENCY_RESULTS/run-NNNN, summaries only)
  latency-gate ci gate --base B --pr P  the relative gate of two builds (programs, or colcon
                                        workspaces holding the middleware's program of the kind);
                                        its reports to the job summary and GitLab's metrics report
  latency-gate ci check                 check the variables and nothing else (before a build)
  latency-gate ci variables             the variables and what each means

Step outputs: results-directory and run-directory (run); results-directory, report, junit
and, once decided, result: passed, failed, inconclusive or error (gate). Exit code: the command's.
"""

from pathlib import Path

from latency_gate import cli
from latency_gate.ci import inputs as ci_inputs, outputs
from latency_gate.cli.experiment_options import run_spec
from latency_gate.cli.gate import gate_spec
from latency_gate.contracts import gate_result
from latency_gate.errors import EXIT_OK, InputError
from latency_gate.render import gate_report

_SEVERITY = ("passed", "inconclusive", "failed")


def add_arguments(parser):
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    actions.add_parser("run", help="one run (or this shard's runs) from the LATENCY_* variables")
    gate = actions.add_parser("gate", help="the relative gate of two builds from the LATENCY_* variables")
    gate.add_argument("--base", type=Path, required=True, help="the base build: its program or colcon workspace")
    gate.add_argument("--pr", type=Path, required=True, help="the pull request's build, likewise")
    actions.add_parser("check", help="check the LATENCY_* variables")
    actions.add_parser("variables", help="list the variables")


def run(args):
    if args.action == "variables":
        width = max(map(len, ci_inputs.VARIABLES))
        for name, meaning in ci_inputs.VARIABLES.items():
            print(f"{name:<{width}}  {meaning}")
        return EXIT_OK
    if args.action == "run":
        return _run(ci_inputs.read())
    if args.action == "check":
        _check(ci_inputs.read())
        return EXIT_OK
    try:
        job = ci_inputs.read()
    except InputError:
        outputs.set_outputs({"result": "error"})
        raise
    return _gate(job, args.base, args.pr)


def _check(job):
    """The run's and the gate's settings made of the variables as `run` and `gate` make them (RunSpec,
    GateSpec): what those refuse, a value out of range or two that contradict each other, fails the job
    here, before its build. What needs the programs (their payloads, the kind they measure) waits for them."""
    argv = {"run": ["run", "--results-dir", str(job.results), *job.common, *job.run],
            "gate": ["gate", "--base", "base", "--pr", "pr", "--results-dir", str(job.results), *job.common, *job.gate]}
    try:
        run_spec(cli.build_parser(argv["run"]).parse_args(argv["run"]))
        gate_options = cli.build_parser(argv["gate"]).parse_args(argv["gate"])
        for signal in ("latency", "instructions") if gate_options.signal == "both" else (gate_options.signal,):
            gate_spec(gate_options, signal)
    except InputError as error:
        raise InputError(f"the LATENCY_* variables: {error}") from None


def _run(job):
    single = job.results / "run" if job.runs == 1 and not job.shard else None
    if job.signal == "both" or (job.signal == "instructions" and single is None):
        raise InputError(f"LATENCY_SIGNAL {job.signal} is not a run's: a run is timed (latency) or one counted run "
                         "(instructions; requirements come from timed runs)")
    outputs.set_outputs({"results-directory": str(job.results), "run-directory": str(single or "")})
    if single is None:
        return cli.main(["extrapolate-requirements", "--runs-directory", str(job.results), "--runs", str(job.runs),
                         "--shard", job.shard or "1/1", *job.common, *job.run])
    counted = ["--signal", job.signal] if job.signal else []
    status = cli.main(["run", "--results-dir", str(single), *job.common, *job.run, *counted])
    if status != EXIT_OK:
        return status
    return cli.main(["process", "--experiment-directory", str(single), *([] if job.plots else ["--no-plots"])])


def _gate(job, base, pr):
    results = job.results
    outputs.set_outputs({"results-directory": str(results), "report": str(results / gate_report.REPORT_FILE),
                         "junit": str(results / gate_report.JUNIT_FILE)})
    status = cli.main(["gate", "--base", str(base), "--pr", str(pr), "--results-dir", str(results), *job.common,
                       *job.gate])
    for report in (results / gate_report.REPORT_FILE, results / "instructions" / gate_report.REPORT_FILE):
        if report.is_file():
            outputs.add_summary(report.read_text(encoding="utf-8"))
    verdicts = []  # the latency gate's, and with LATENCY_SIGNAL both the code-path gate's
    if (results / gate_result.FILE).is_file():
        outputs.write_gate_metrics(results)
        verdicts = [gate_result.read(directory)["verdict"] for directory in (results, results / "instructions")
                    if (directory / gate_result.FILE).is_file()]
    # passed, failed, inconclusive (the worse of both signals' verdicts), or error: no verdict (bad input,
    # a failed build or run).
    outputs.set_outputs({"result": max(verdicts, key=_SEVERITY.index) if verdicts else "error"})
    return status
