"""What differed between a gate's two builds besides their code: the runs' records (metadata.json)
and the builds' CMake configurations, base against pull request.

A difference in how the runs ran (the machine, the kernel, the settings, the grid) makes the
comparison meaningless: the gate refuses it. A difference in the builds themselves (the middleware's
version, a compiler flag, a build type) is what a pull request may change on purpose, or by mistake:
the gate names it beside its verdict, so that a reviewer does not read "-O2 instead of -O3" as the
code's doing.
"""

from latency_gate.errors import InputError

# Run records that must agree for a comparison to mean anything.
MUST_AGREE = ("kind", "family", "middleware", "samples", "payloads", "grid", "machine", "cpu_model", "cpu_count",
              "kernel", "realtime_kernel", "kernel_tuning")
# Settings a run's lease or paths choose (each build runs in its own DDS domain, on its own ports), and
# what a run measured of its link (network namespaces: the packets it sent).
_OWN_TO_EACH_RUN = {"domain", "tcp_port", "addresses", "timeout_s", "retries", "link_packets"}
# Named when they differ: what the builds are.
NAMED = ("middleware_version",)


def compare(base, pr, base_build, pr_build):
    """[{what, base, pr}] of the builds' differences besides their code; `base`/`pr` the runs'
    metadata.json as dicts, `*_build` their CMake configurations (runner/middleware/common.py
    build_configuration). InputError naming the first difference in how the runs ran."""
    for key in MUST_AGREE:
        if base.get(key) != pr.get(key):
            raise InputError(f"the base and pull-request runs are not comparable: their {key} differs "
                             f"(base {base.get(key)!r}, PR {pr.get(key)!r})")
    base_settings, pr_settings = base.get("settings") or {}, pr.get("settings") or {}
    for key in sorted((set(base_settings) | set(pr_settings)) - _OWN_TO_EACH_RUN):
        if base_settings.get(key) != pr_settings.get(key):
            raise InputError(f"the base and pull-request runs are not comparable: their setting {key} differs "
                             f"(base {base_settings.get(key)!r}, PR {pr_settings.get(key)!r})")
    differences = [{"what": key, "base": str(base.get(key)), "pr": str(pr.get(key))}
                   for key in NAMED if base.get(key) != pr.get(key)]
    # Only the packages both workspaces built: a package in one of them only is the pull request's code
    # (a package it adds or removes) or what else a workspace once built, not the same code built
    # otherwise, which is what this names; its settings had read as "base Release, PR (not set)".
    both = _packages(base_build) & _packages(pr_build)
    differences += [{"what": key, "base": base_build.get(key, "(not set)"), "pr": pr_build.get(key, "(not set)")}
                    for key in sorted(set(base_build) | set(pr_build))
                    if _package(key) in both and base_build.get(key) != pr_build.get(key)]
    return differences


def _package(key):
    """The package of a build configuration's "<package> <entry>" key (colcon's names hold no space)."""
    return key.split(" ", 1)[0]


def _packages(build):
    return {_package(key) for key in build}
