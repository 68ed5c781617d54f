"""What differed between a gate's two builds besides their code.

Specification:
- the builds' CMake configurations (build type, compilers, flags) are read from the colcon
  workspace holding each program; a program outside a workspace has none; only the packages both
  workspaces built are compared;
- a difference in them, or in the middleware's version, is named beside the verdict (the report,
  gate_result.json, the comment); runs that ran unlike (another machine, kernel, setting, grid)
  are not compared: the gate refuses them in one line, exit 3;
- for real: the socket floor built twice from the same sources, Release and RelWithDebInfo, gated
  against each other: the build type and the flags are named.
"""

import json
import re
import subprocess

import pytest

from latency_gate import cli
from latency_gate.analysis import build_comparison
from latency_gate.errors import InputError
from latency_gate.render import markdown
from latency_gate.runner.middleware.common import build_configuration
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[1]
RUN = {"kind": "latency", "family": "spec", "middleware": "socket", "samples": 50, "payloads": [16],
       "cpu_model": "AMD EPYC", "kernel": "Linux 6.1", "middleware_version": "1.0",
       "settings": {"realtime_preset": True, "domain": 7, "tcp_port": 7400}}


@pytest.mark.unit
def test_a_build_flag_is_named_and_what_each_run_chooses_for_itself_is_not():
    pr = RUN | {"settings": RUN["settings"] | {"domain": 9, "tcp_port": 7410}}
    differences = build_comparison.compare(RUN, pr, {"pingpong CMAKE_BUILD_TYPE": "Release"},
                                           {"pingpong CMAKE_BUILD_TYPE": "Debug"})
    assert differences == [{"what": "pingpong CMAKE_BUILD_TYPE", "base": "Release", "pr": "Debug"}]


@pytest.mark.unit
def test_another_middleware_version_is_named():
    assert build_comparison.compare(RUN, RUN | {"middleware_version": "1.1"}, {}, {}) == [
        {"what": "middleware_version", "base": "1.0", "pr": "1.1"}]


@pytest.mark.unit
@pytest.mark.parametrize("changed, named", [
    ({"cpu_model": "Intel Xeon"}, "their cpu_model differs (base 'AMD EPYC', PR 'Intel Xeon')"),
    ({"settings": RUN["settings"] | {"realtime_preset": False}}, "their setting realtime_preset differs"),
    ({"payloads": [16, 1024]}, "their payloads differs"),
])
def test_runs_that_ran_unlike_are_not_compared(changed, named):
    with pytest.raises(InputError, match=re.escape(named)):
        build_comparison.compare(RUN, RUN | changed, {}, {})


def toy_workspace(workspace, caches):
    """A colcon workspace's program (install/pingpong/bin/SocketLatency) and its packages' CMake caches
    ({package: the cache's text})."""
    program = workspace / "install/pingpong/bin/SocketLatency"
    program.parent.mkdir(parents=True)
    program.write_text("")
    for package, text in caches.items():
        (workspace / "build" / package).mkdir(parents=True)
        (workspace / "build" / package / "CMakeCache.txt").write_text(text)
    return program


@pytest.mark.unit
def test_a_workspaces_cmake_caches_give_its_build_configuration(tmp_path):
    program = toy_workspace(tmp_path / "ws", {"pingpong": "CMAKE_BUILD_TYPE:STRING=Release\n"
                                              "CMAKE_CXX_COMPILER_LAUNCHER:UNINITIALIZED=ccache\n"
                                              "CMAKE_C_FLAGS:STRING=-march=native\n"})
    assert build_configuration(program) == {"pingpong CMAKE_BUILD_TYPE": "Release", "pingpong CMAKE_C_FLAGS": "-march=native"}
    assert build_configuration(tmp_path / "elsewhere/SocketLatency") == {}


@pytest.mark.unit
def test_a_package_only_one_workspace_built_is_not_a_build_difference(tmp_path):
    """Only the packages both workspaces built are compared: a package in one of them only is code
    added or removed, or what else a workspace once built; its settings had been named as
    "base Release, PR (not set)"."""
    release, debug = "CMAKE_BUILD_TYPE:STRING=Release\n", "CMAKE_BUILD_TYPE:STRING=Debug\n"
    base = toy_workspace(tmp_path / "base", {"pingpong": release, "fastdds_examples": release})
    pr = toy_workspace(tmp_path / "pr", {"pingpong": debug, "shapes_demo": release})

    assert build_comparison.compare(RUN, RUN, build_configuration(base), build_configuration(pr)) == [
        {"what": "pingpong CMAKE_BUILD_TYPE", "base": "Release", "pr": "Debug"}]


@pytest.mark.programs
def test_a_pull_request_that_changes_only_the_build_type_gets_it_named(tmp_path, capsys):
    workspaces = {}
    for side, build_type in (("base", "Release"), ("pr", "RelWithDebInfo")):
        workspaces[side] = tmp_path / side
        subprocess.run(["colcon", "--log-base", str(workspaces[side] / "log"), "build", "--paths",
                        str(REPOSITORY / "pingpong"), "--build-base", str(workspaces[side] / "build"),
                        "--install-base", str(workspaces[side] / "install"), "--event-handlers", "console_direct-",
                        "--cmake-args", f"-DCMAKE_BUILD_TYPE={build_type}"], check=True, capture_output=True)
    results = tmp_path / "gate"

    cli.main(["gate", "--middleware", "socket", "--base", str(workspaces["base"]), "--pr", str(workspaces["pr"]),
              "-r", str(results), "--signal", "instructions", "--subexperiments", "interprocess_best_effort",
              "--payloads", "16", "--samples", "20", "--seed", "1"])
    capsys.readouterr()

    named = {item["what"]: (item["base"], item["pr"])
             for item in json.loads((results / "gate_result.json").read_text())["build_differences"]}
    assert named["pingpong CMAKE_BUILD_TYPE"] == ("Release", "RelWithDebInfo")
    # the setting's name as Markdown text (its underscores escaped, shown as they are), its values as code
    assert (f"The builds differ besides their code:** {markdown.markdown_text('pingpong CMAKE_BUILD_TYPE')}: "
            "base `Release`, PR `RelWithDebInfo`") in (results / "gate_report.md").read_text()
