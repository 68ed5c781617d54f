import io
import signal
from pathlib import Path

import pandas as pd
import pytest

import ci_tools
from latency_gate.contracts import formats
from latency_gate.runner.middleware.fastdds import LATENCY_TEST
from spec_examples import CHECK_REPORT

pytest_plugins = ["tiers", "pytester"]  # every test in exactly one tier; pytester runs pytest in tests of that


@pytest.fixture(autouse=True)
def stop_signals_as_they_were():
    """A test leaves SIGINT and SIGTERM as it found them, unblocked and with their handlers: every
    process a later test of the same worker starts inherits the mask, and one started with SIGTERM
    blocked ignores terminate() (a test of a command's SIGTERM waited out its 30 s once)."""
    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, [])
    yield
    left_blocked = signal.pthread_sigmask(signal.SIG_BLOCK, []) - blocked
    changed = [sig.name for sig, handler in handlers.items() if signal.getsignal(sig) is not handler]
    signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
    for sig, handler in handlers.items():
        signal.signal(sig, handler)
    assert not left_blocked and not changed, f"the test left {sorted(s.name for s in left_blocked)} blocked, " \
                                             f"the handlers of {changed} changed"


@pytest.fixture(scope="session", autouse=True)
def one_compiler_cache_for_the_session(tmp_path_factory):
    """The CI jobs the tests run (act, gitlab-ci-local) each build LatencyTest in a fresh checkout
    (25 s from scratch on 2 cores): one compiler cache for the session, shared by both workers,
    with the paths under the session's temporary directory hashed relative to the build, compiles
    each source once (the same build then takes 3 s). ccache checks what it serves by the
    compilation's inputs, so a patched source is compiled. A test that names its own cache keeps it."""
    session = tmp_path_factory.getbasetemp().parent  # pytest-N, above each worker's popen-gwK
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CCACHE_DIR", str(session / "ccache"))
        patch.setenv("CCACHE_BASEDIR", str(session))
        yield


@pytest.fixture
def spec_check_example(tmp_path):
    """The spec's check report example turned back into its summary and requirements CSVs."""
    report = pd.read_csv(io.StringIO(CHECK_REPORT))
    wide = report.pivot(index="Bytes", columns="Check", values=["Requirement", "Experiment"])
    payloads = list(dict.fromkeys(report["Bytes"]))
    requirements = pd.DataFrame({
        "Experiment type": "intraprocess_best_effort",
        "Bytes": payloads,
        **{m: wide.loc[payloads, ("Requirement", m)].to_numpy() for m in formats.CHECKED_MAGNITUDES},
    })
    summary = pd.DataFrame({c: 0.0 for c in formats.SUMMARY_COLUMNS}, index=range(len(payloads)))
    summary["Bytes"] = payloads
    summary["Samples"] = 10000
    for magnitude in formats.CHECKED_MAGNITUDES:
        summary[magnitude] = wide.loc[payloads, ("Experiment", magnitude)].to_numpy()
    for statistic in ("Mean", "90%", "99.99%"):  # what the example leaves out, between its Min (0) and Max
        summary[statistic] = summary["Median"]
    experiment = tmp_path / "experiment"
    formats.write_csv(summary, formats.summary_path(experiment, "intraprocess_best_effort"))
    formats.write_csv(requirements, tmp_path / "requirements.csv")
    return experiment, tmp_path / "requirements.csv"


@pytest.fixture(scope="module")
def tools():
    """act, actionlint, zizmor and gitlab-ci-local, installed once (scripts/setup/install_ci_tools.sh)."""
    return ci_tools.install_tools()


@pytest.fixture(scope="module")
def repository(tmp_path_factory):
    """A git copy of this project to run workflows and pipelines in."""
    return ci_tools.copy_repository(tmp_path_factory.mktemp("repository"))


@pytest.fixture(scope="module")
def latency_test():
    """The project-built LatencyTest (scripts/setup/build_latencytest.sh)."""
    binary = LATENCY_TEST.default()
    assert binary.is_file(), f"{binary} missing: run scripts/setup/build_latencytest.sh first"
    return binary


@pytest.fixture
def rendered_plots(monkeypatch):
    """{path: plots.PlotJob} of the plots the code under test renders in this process."""
    import drawn  # matplotlib: only for the tests that ask

    return drawn.RenderedPlots(monkeypatch)


CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync"]


@pytest.fixture(scope="module")
def browser():
    """Debian's headless Chromium driven by Playwright, for the site's tests."""
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: run scripts/setup/install_site_tools.sh")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    """A fresh page; the test fails if the site logs an error or a request fails."""
    context = browser.new_context(viewport={"width": 1360, "height": 900})
    page = context.new_page()
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("requestfailed", lambda request: errors.append(f"request failed: {request.url}"))
    yield page
    context.close()
    assert errors == [], f"console errors: {errors}"
