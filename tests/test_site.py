"""The history site, built from a store of runs and used in headless Chromium as a person would.

The store holds five runs on one platform; the latest fails the 99% requirement of
interprocess_reliable at 1 KiB by 25 %. Pages are served over http://127.0.0.1 by a local
http.server, and once opened as file://. A second store of 16 runs has a 30 % step in one
cell, a change point. Screenshots land in test-artifacts/.
"""

import functools
import hashlib
import http.server
import json
import re
import shutil
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

import loopback_http
from latency_gate import cli
from latency_gate.contracts import formats, run_metadata, throughput_formats as tf
from latency_gate.errors import EXIT_BAD_INPUT, EXIT_OK, InputError
from latency_gate.render.site import build_site
from latency_gate_testing.factories import (
    Violation, checks, outcome, write_history, write_history_plots, write_throughput_history,
)

REPO = Path(__file__).resolve().parents[1]
ARTIFACTS = REPO / "test-artifacts"
PLATFORM = "linux-x86_64-rt"
FAILING = Violation(run=4, subexperiment="interprocess_reliable", payload=1024, magnitude="99%", percent=25.0)
RUNS = 5


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    root = tmp_path_factory.mktemp("store")
    run_ids = write_history(root, platform=PLATFORM, runs=RUNS, violations=[FAILING])
    write_history_plots(root, PLATFORM, FAILING.subexperiment, payloads=(16, 1024))
    (root / "runs" / PLATFORM / f".{run_ids[-1]}.staging").mkdir()  # a concurrent publish: not a run
    build_site(root)
    return root, run_ids


@pytest.fixture(scope="module")
def server(store):
    root, _ = store
    handler = functools.partial(QuietHandler, directory=str(root))
    with loopback_http.serving(handler) as port:
        yield f"http://127.0.0.1:{port}/"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def history_route(subexperiment, payload, magnitude):
    return f"#/history/{PLATFORM}/{subexperiment}/{payload}/{magnitude.replace('%', '%25')}"


def open_view(page, url):
    """Go to a page of the site and wait until the app has rendered that view."""
    page.goto(url)
    page.wait_for_function("document.querySelector('main').dataset.route === location.hash")


def hovered_runs(page, runs=RUNS):
    """Sweep the mouse across the chart; return the runs its tooltip named, in order."""
    area = page.locator(".u-over").bounding_box()
    seen = []
    step = area["width"] / (runs * 6)  # several positions per run: each run owns ~width/runs
    for position in range(runs * 6 + 1):
        page.mouse.move(area["x"] + min(position * step, area["width"] - 1), area["y"] + area["height"] / 2)
        run = page.locator(".chart .tooltip").get_attribute("data-run")
        if run and (not seen or seen[-1] != run):
            seen.append(run)
    return seen


def expected_micros(value):
    """The site's µs formatting: 2 decimals below 10, 1 below 100, else none."""
    return f"{value:.{2 if value < 10 else 1 if value < 100 else 0}f} µs"


@pytest.mark.browser
def test_home_shows_the_latest_run_and_its_failing_cell(store, server, page):
    _, run_ids = store
    open_view(page, server)
    card = page.locator(f'section.platform[data-platform="{PLATFORM}"]')
    assert run_ids[-1] in card.locator(".facts").inner_text()
    assert card.locator(".card-head .badge").inner_text().lower() == "failed"

    failing = card.locator("td.cell.failed")
    assert failing.count() == 1
    assert failing.get_attribute("data-subexperiment") == FAILING.subexperiment
    assert failing.get_attribute("data-bytes") == str(FAILING.payload)
    assert failing.inner_text() == "+25"
    assert card.locator("td.cell.passed").count() == len(formats.SUBEXPERIMENTS) * len(formats.PAYLOADS) - 1

    row = card.locator(f'tr[data-subexperiment="{FAILING.subexperiment}"]')
    assert row.get_attribute("data-status") == "failed"
    assert "99% at 1 KiB" in row.locator("td.worst").inner_text()
    assert row.locator("td.margin").inner_text() == "+25.0 %"
    assert card.locator('tr[data-status="passed"]').count() == len(formats.SUBEXPERIMENTS) - 1

    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=ARTIFACTS / "site-home.png", full_page=True)


@pytest.mark.browser
def test_history_chart_has_one_point_per_run_and_hover_names_the_run(store, server, page):
    _, run_ids = store
    open_view(page, server + "index.html" + history_route(FAILING.subexperiment, FAILING.payload, "all"))
    page.wait_for_selector(".chart .u-over")
    assert hovered_runs(page) == run_ids

    tooltip = page.locator(".chart .tooltip").inner_text()
    commit = run_ids[-1].split("-")[1]
    assert f"commit {commit}" in tooltip and "2026-11-02 08:00 UTC" in tooltip
    summary = formats.read_summary(formats.summary_path(store[0] / "runs" / PLATFORM / run_ids[-1], FAILING.subexperiment))
    value = summary.loc[summary["Bytes"] == FAILING.payload, "99%"].iat[0]
    assert expected_micros(value) in tooltip

    area = page.locator(".u-over").bounding_box()  # hover mid-chart: the failing point stays in view
    page.mouse.move(area["x"] + area["width"] / 2, area["y"] + area["height"] * 0.8)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=ARTIFACTS / "site-history.png", full_page=True)

    page.mouse.click(area["x"] + area["width"] - 2, area["y"] + area["height"] / 2)  # the newest run's point
    page.wait_for_function("document.querySelector('main').dataset.route === location.hash")
    assert page.evaluate("location.hash") == f"#/run/{PLATFORM}/{run_ids[-1]}"


def canvas_digest(page):
    """What the chart drew, as a hash of its pixels."""
    return hashlib.sha256(page.locator(".chart canvas").screenshot()).hexdigest()


@pytest.mark.browser
def test_switching_payload_and_magnitude_redraws_without_reload(store, server, page):
    root, run_ids = store
    open_view(page, server + "index.html" + history_route(FAILING.subexperiment, FAILING.payload, "all"))
    page.wait_for_selector(".chart .u-over")
    page.evaluate("window.sameDocument = true")
    before = canvas_digest(page)

    page.locator('.segmented[aria-label="Payload"] a[data-option="16"]').click()
    page.wait_for_selector('.chart[data-payload="16"] .u-over')
    assert page.evaluate("window.sameDocument") is True
    assert canvas_digest(page) != before
    assert hovered_runs(page) == run_ids
    summary = formats.read_summary(formats.summary_path(root / "runs" / PLATFORM / run_ids[-1], FAILING.subexperiment))
    assert expected_micros(summary.loc[summary["Bytes"] == 16, "Median"].iat[0]) in page.locator(".chart .tooltip").inner_text()

    page.locator('.segmented[aria-label="Magnitude"] a[data-option="99%"]').click()
    page.wait_for_selector('.chart[data-magnitude="99%"] .u-over')
    assert page.evaluate("window.sameDocument") is True
    assert page.locator(".chart .u-legend .u-label").all_inner_texts() == ["99%", "99% requirement"]


@pytest.mark.browser
def test_run_page_shows_metadata_checks_summaries_and_files(store, server, page):
    root, run_ids = store
    open_view(page, server + f"index.html#/run/{PLATFORM}/{run_ids[-1]}")
    facts = page.locator(".facts").inner_text()
    for shown in ("Fast DDS version", "2.9.1", "6.1.0-27-rt-amd64", "Xeon", "Real-time priority", "80",
                  "Baseline: max us"):
        assert shown in facts
    failing = page.locator(f'details.subexperiment[data-subexperiment="{FAILING.subexperiment}"]')
    assert failing.locator(".badge").inner_text().lower() == "failed"
    assert "1 of 33 checks failed" in failing.inner_text()
    assert failing.locator("tr.over").inner_text().split()[:2] == ["99%", "1024"]
    assert page.locator("details.subexperiment .badge.passed").count() == len(formats.SUBEXPERIMENTS) - 1
    run_files = sorted(p.name for p in (root / "runs" / PLATFORM / run_ids[-1]).iterdir())
    assert page.locator("#files li").all_inner_texts() == run_files


def site_links(page):
    return page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)")


def pages_to_crawl(run_ids):
    return ["", history_route(FAILING.subexperiment, FAILING.payload, "all"),
            f"#/run/{PLATFORM}/{run_ids[-1]}", f"#/runs/{PLATFORM}"]


FOLLOW_ROUTES = """async (routes) => {
    const notFound = [];
    for (const route of routes) {
        location.hash = route;
        while (document.querySelector("main").dataset.route !== location.hash) {
            await new Promise((resolve) => setTimeout(resolve, 2));
        }
        if (document.querySelector(".not-found")) notFound.push(route);
    }
    return notFound;
}"""


@pytest.mark.browser
def test_every_link_resolves_over_http(store, server, page):
    _, run_ids = store
    routes, files = set(), set()
    for route in pages_to_crawl(run_ids):
        open_view(page, server + "index.html" + route)
        for link in site_links(page):
            (routes if urlparse(link).fragment else files).add(link)
    assert len(files) > 20 and len(routes) > 20
    for link in sorted(files):
        assert page.request.get(link).ok, link
    # In-site routes, followed in the page as a click would, each until the app shows it.
    not_found = page.evaluate(FOLLOW_ROUTES, sorted(urlparse(link).fragment for link in routes))
    assert not_found == []


@pytest.mark.browser
def test_the_site_works_from_a_local_folder(store, page):
    root, run_ids = store
    home = (root / "index.html").as_uri()
    open_view(page, home)
    page.locator("td.cell.failed a").click()
    page.wait_for_selector('.chart[data-magnitude="99%"] .u-over')
    assert hovered_runs(page) == run_ids
    open_view(page, home + f"#/run/{PLATFORM}/{run_ids[-1]}")
    for link in site_links(page) + [home + history_route(FAILING.subexperiment, 16, "all")]:
        if not urlparse(link).fragment:
            assert Path(unquote(urlparse(link).path)).is_file(), link


@pytest.mark.browser
def test_incomplete_runs_show_what_they_have(tmp_path, page):
    """Every metadata field but the run id is optional; a crashed sub-experiment leaves no summary."""
    unchecked = write_history(tmp_path, platform="arm64-lab", runs=2, subexperiments=["intraprocess_reliable"])
    crashed = write_history(tmp_path, platform="x86-ci", runs=2)
    bare = tmp_path / "runs" / "arm64-lab" / unchecked[-1]
    for path in [bare / "metadata.json", *bare.glob("checks_*.csv")]:
        path.unlink()
    broken = tmp_path / "runs" / "x86-ci" / crashed[-1]
    timed_out = outcome("interprocess_reliable_tcp", "timed_out", "no result within 60 s: killed")
    run_metadata.write(broken, run_metadata.read(broken).with_outcome("interprocess_reliable_tcp", timed_out))
    for path in broken.glob("*interprocess_reliable_tcp*.csv"):
        path.unlink()
    build_site(tmp_path)

    home = (tmp_path / "index.html").as_uri()
    open_view(page, home)
    arm = page.locator('section.platform[data-platform="arm64-lab"]')
    assert arm.locator(".card-head .badge").inner_text().lower() == "no checks"
    assert arm.locator("td.cell").count() == 0
    x86 = page.locator('section.platform[data-platform="x86-ci"]')
    crash_row = x86.locator('tr[data-subexperiment="interprocess_reliable_tcp"]')
    assert crash_row.get_attribute("data-status") == "failed"
    assert "timed_out: no result within 60 s: killed" in crash_row.inner_text()
    assert x86.locator("td.cell.failed").count() == 0  # the other sub-experiments passed their checks

    open_view(page, home + f"#/run/arm64-lab/{unchecked[-1]}")
    assert "This run has no metadata." in page.locator("main").inner_text()
    open_view(page, home + f"#/run/x86-ci/{crashed[-1]}")
    row = page.locator('details.subexperiment[data-subexperiment="interprocess_reliable_tcp"]')
    assert "timed_out: no result within 60 s: killed" in row.inner_text() and "no summary" in row.inner_text()


@pytest.mark.browser
def test_a_platform_measured_with_several_middleware_switches_between_them_on_its_charts(tmp_path, page):
    """history.store_platform keeps each middleware a line of its own (<platform>-<middleware>)."""
    both = ["interprocess_reliable", "interprocess_reliable_security"]
    write_history(tmp_path, platform="lab", runs=3, subexperiments=both)
    write_history(tmp_path, platform="lab-cyclonedds", runs=3, subexperiments=both, middleware="cyclonedds", seed=3)
    write_history(tmp_path, platform="lab-socket", runs=2, subexperiments=both[:1], middleware="socket", seed=4)
    write_history(tmp_path, platform="other", runs=2, subexperiments=both[:1], seed=5)
    build_site(tmp_path)
    home = (tmp_path / "index.html").as_uri()

    open_view(page, home + "#/history/lab/interprocess_reliable_security/1024/Median")
    switch = page.locator('.segmented[aria-label="Middleware"]')
    assert switch.locator("a").all_inner_texts() == ["Fast DDS", "Cyclone DDS", "socket floor"]
    assert switch.locator('a[aria-current="true"]').inner_text() == "Fast DDS"
    switch.locator("a", has_text="Cyclone DDS").click()
    page.wait_for_function("document.querySelector('main').dataset.route.includes('lab-cyclonedds')")
    assert page.locator("main").get_attribute("data-route") == (
        "#/history/lab-cyclonedds/interprocess_reliable_security/1024/Median")
    page.wait_for_selector(".chart canvas")
    # The floor has no security sub-experiment: its link opens the floor's own.
    floor = page.locator('.segmented[aria-label="Middleware"] a', has_text="socket floor")
    assert floor.get_attribute("href") == "#/history/lab-socket/interprocess_reliable/1024/Median"

    open_view(page, home)
    card = page.locator('section.platform[data-platform="lab-cyclonedds"]')
    assert card.locator(".middleware").inner_text() == "Cyclone DDS"
    open_view(page, home + "#/history/other/interprocess_reliable/16/Median")
    assert page.locator('.segmented[aria-label="Middleware"]').count() == 0  # one middleware: no switch


@pytest.mark.unit
def test_a_directory_without_runs_is_not_a_store(tmp_path):
    with pytest.raises(InputError, match="not a history store"):
        build_site(tmp_path)


@pytest.mark.unit
def test_build_site_command(tmp_path, capsys):
    write_history(tmp_path / "store", runs=2)
    assert cli.main(["build-site", "--store", str(tmp_path / "store")]) == EXIT_OK
    assert (tmp_path / "store" / "index.html").is_file()
    assert str((tmp_path / "store" / "index.html").resolve()) in capsys.readouterr().out
    assert cli.main(["build-site", "--store", str(tmp_path)]) == EXIT_BAD_INPUT
    assert "not a history store" in capsys.readouterr().err


@pytest.mark.browser
def test_the_runs_list_filters_failed_runs(store, server, page):
    _, run_ids = store
    open_view(page, server + f"index.html#/runs/{PLATFORM}")
    assert page.locator("table.runs tbody tr:visible").count() == RUNS
    page.get_by_label("failed runs only").check()
    failed = page.locator("table.runs tbody tr:visible")
    assert failed.count() == 1 and run_ids[FAILING.run] in failed.inner_text()


@pytest.mark.browser
def test_an_unknown_page_says_not_found(server, page):
    open_view(page, server + "index.html#/run/no-such-platform/x")
    assert "no platform" in page.locator(".not-found").inner_text()


def site_digest(root):
    digest = hashlib.sha256()
    for path in sorted([root / "index.html", *(root / "site").rglob("*")]):
        if path.is_file():
            digest.update(str(path.relative_to(root)).encode() + path.read_bytes())
    return digest.hexdigest()


@pytest.mark.unit
def test_rebuilding_an_unchanged_store_changes_no_file(store, tmp_path):
    copy = tmp_path / "store"
    shutil.copytree(store[0], copy)
    before = site_digest(copy)
    build_site(copy)
    assert site_digest(copy) == before


@pytest.mark.unit
@pytest.mark.parametrize("path_of, change, why", [
    (formats.summary_path, lambda row: row.replace("32,", "32.5,", 1), "column 'Bytes': not a whole number"),
    # well-formed, so the batch reads them, but a summary of no samples, a check of no magnitude checked
    (formats.summary_path, lambda row: ",".join([row.split(",")[0], "0", *row.split(",")[2:]]),
     "column 'Samples': must be positive"),
    (formats.checks_path, lambda row: "Jitter" + row[row.index(","):], "column 'Check': expected Median or 99% or Max"),
])
def test_a_failed_build_leaves_the_previous_site_and_names_the_bad_file(store, tmp_path, path_of, change, why):
    copy = tmp_path / "store"
    shutil.copytree(store[0], copy)
    before = site_digest(copy)
    bad = path_of(copy / "runs" / PLATFORM / store[1][2], "intraprocess_reliable")
    lines = bad.read_text().split("\n")
    lines[2] = change(lines[2])
    bad.write_text("\n".join(lines))
    with pytest.raises(InputError, match=rf"{bad}:3: {re.escape(why)}"):
        build_site(copy)
    assert site_digest(copy) == before
    assert not list(copy.glob(".site-build-*"))


STEP = Violation(run=10, subexperiment="interprocess_best_effort", payload=256, magnitude="99%", percent=30.0)
STEP_RUNS = 16


@pytest.fixture(scope="module")
def stepped_store(tmp_path_factory):
    """16 runs; from run 10 on, interprocess_best_effort's 99% at 256 B is 30 % higher."""
    root = tmp_path_factory.mktemp("stepped-store")
    run_ids = write_history(root, platform=PLATFORM, runs=STEP_RUNS, seed=2)
    for run_id in run_ids[STEP.run:]:
        directory = root / "runs" / PLATFORM / run_id
        path = formats.summary_path(directory, STEP.subexperiment)
        summary = formats.read_summary(path)
        summary.loc[summary["Bytes"] == STEP.payload, STEP.magnitude] *= 1 + STEP.percent / 100
        formats.write_csv(summary, path)
        required = formats.read_requirements(directory / "requirements.csv")
        own = required[required["Experiment type"] == STEP.subexperiment].reset_index(drop=True)
        formats.write_csv(checks(summary, own), formats.checks_path(directory, STEP.subexperiment))
    build_site(root)
    return root, run_ids


@pytest.mark.browser
def test_a_step_in_one_cell_is_listed_as_a_change_point_and_marked_in_its_history_chart(stepped_store, page):
    root, run_ids = stepped_store
    open_view(page, (root / "index.html").as_uri())
    rows = page.locator(f'section.platform[data-platform="{PLATFORM}"] table.changepoints tbody tr')
    assert rows.count() == 1
    row = rows.first
    assert [row.get_attribute(f"data-{name}") for name in ("subexperiment", "payload", "magnitude", "run")] == [
        STEP.subexperiment, str(STEP.payload), STEP.magnitude, run_ids[STEP.run]]
    assert row.locator("td").nth(0).inner_text() == f"{STEP.subexperiment} · 256 B · 99%"
    assert row.locator("td").nth(1).inner_text() == run_ids[STEP.run]
    change = row.locator("td.change")
    assert "slower" in change.get_attribute("class")
    shown = float(change.inner_text().removeprefix("+").removesuffix(" %"))
    before, after = (float(text.removesuffix(" µs")) for text in row.locator("td").nth(2).inner_text().split(" → "))
    assert shown == pytest.approx((after / before - 1) * 100, abs=0.2)  # means of runs that scatter by ~7 %
    assert shown == pytest.approx(STEP.percent, abs=8)

    ARTIFACTS.mkdir(exist_ok=True)
    row.scroll_into_view_if_needed()
    page.screenshot(path=ARTIFACTS / "site-change-points-home.png")

    row.locator("td a").first.click()  # the cell's history
    page.wait_for_selector('.chart[data-magnitude="99%"] .u-over')
    marker = page.locator(".chart .changepoint-marker")
    assert marker.count() == 1
    assert (marker.get_attribute("data-run"), marker.get_attribute("data-magnitude")) == (run_ids[STEP.run], "99%")
    assert "change point (1)" in page.locator(".changepoint-legend").inner_text()
    # The marker stands at its run: hovering the chart there names that run and the change.
    line, area = marker.bounding_box(), page.locator(".u-over").bounding_box()
    page.mouse.move(line["x"] + line["width"] / 2, area["y"] + area["height"] / 2)
    tooltip = page.locator(".chart .tooltip")
    assert tooltip.get_attribute("data-run") == run_ids[STEP.run]
    assert "change point: 99% +" in tooltip.inner_text()
    page.screenshot(path=ARTIFACTS / "site-change-point.png", full_page=True)

    page.locator('.segmented[aria-label="Payload"] a[data-option="16"]').click()  # another cell: no marker
    page.wait_for_selector('.chart[data-payload="16"] .u-over')
    assert page.locator(".chart .changepoint-marker").count() == 0


@pytest.mark.browser
def test_a_history_without_change_points_says_so(store, server, page):
    open_view(page, server)
    assert page.locator(".changepoints.none").count() == 1  # five runs: too few to tell


@pytest.mark.browser
def test_a_change_of_the_measurement_settings_is_marked_in_the_history_chart_with_both_settings(tmp_path, page):
    """Runs 0-2 under the OS's defaults, 3-5 under the real-time preset: not comparable, and the chart says so."""
    run_ids = write_history(tmp_path, platform=PLATFORM, runs=6, subexperiments=["interprocess_best_effort"],
                            payloads=(16, 1024), preset_from=3)
    build_site(tmp_path)

    open_view(page, (tmp_path / "index.html").as_uri() + history_route("interprocess_best_effort", 1024, "Median"))
    page.wait_for_selector(".chart .u-over")
    marker = page.locator(".chart .settings-marker")
    assert marker.count() == 1 and marker.get_attribute("data-run") == run_ids[3]
    assert "settings changed" in page.locator(".settings-legend").inner_text()
    line, area = marker.bounding_box(), page.locator(".u-over").bounding_box()
    page.mouse.move(line["x"] + line["width"] / 2, area["y"] + area["height"] / 2)
    tooltip = page.locator(".chart .tooltip")
    assert tooltip.get_attribute("data-run") == run_ids[3]
    assert ("settings changed: CPU idle: OS, pub unpinned, sub unpinned, SCHED_OTHER → CPU idle held, pub CPU 0, "
            "sub CPU 1, SCHED_FIFO 50, memory locked") in tooltip.inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=ARTIFACTS / "site-settings-change.png", full_page=True)


@pytest.mark.browser
def test_a_history_under_one_setting_has_no_settings_marker(store, server, page):
    open_view(page, server + history_route("interprocess_reliable", 1024, "99%"))
    page.wait_for_selector(".chart .u-over")
    assert page.locator(".chart .settings-marker").count() == 0
    assert page.locator(".settings-legend").count() == 0


@pytest.mark.browser
def test_a_platforms_throughput_line_is_one_metric_switch_away_with_its_floor_drawn(tmp_path, page):
    """A throughput run is a line of its own (<platform>-throughput); its chart is in Mb/s,
    the requirement is a floor, and a point below it is ringed and counted as failed."""
    write_history(tmp_path, platform="lab", runs=3, subexperiments=["interprocess_reliable"])
    throughput_runs = write_throughput_history(tmp_path, platform="lab-throughput", drop=(3, 1024))
    build_site(tmp_path)
    index = json.loads((tmp_path / "site/data/index.js").read_text().split("=", 1)[1].rsplit(";", 1)[0])["index"]
    (line,) = [p for p in index["platforms"] if p["name"] == "lab-throughput"]
    assert (line["platform"], line["kind"], line["floors"]) == ("lab", "throughput", [tf.THROUGHPUT])
    assert line["runs"][-1]["status"] == "failed" and line["runs"][-1]["worst"] == pytest.approx(37.5, abs=5)
    home = (tmp_path / "index.html").as_uri()

    open_view(page, home + "#/history/lab/interprocess_reliable/1024/Median")
    metric = page.locator('.segmented[aria-label="Metric"]')
    assert metric.locator("a").all_inner_texts() == ["Latency", "Throughput"]
    metric.locator("a", has_text="Throughput").click()
    page.wait_for_function("document.querySelector('main').dataset.route.includes('lab-throughput')")
    page.wait_for_selector(".chart canvas")

    chart = page.locator(".chart")
    assert chart.get_attribute("data-kind") == "throughput"
    assert chart.get_attribute("data-magnitude") == tf.THROUGHPUT
    assert "Subscription throughput [Mb/s]" in page.locator(".u-legend").inner_text()
    assert "Subscription throughput [Mb/s] requirement" in page.locator(".u-legend").inner_text()
    latest = page.locator("section.card table.data tbody tr").first
    assert latest.locator("td").first.inner_text() == throughput_runs[-1]
    assert "over" in latest.locator("td.number").first.get_attribute("class")  # below the floor
    assert latest.locator("td.number").first.inner_text().endswith(" Mb/s")
    assert page.locator('.segmented[aria-label="Magnitude"] a').all_inner_texts() == [
        tf.THROUGHPUT, tf.LOST]  # one unit at a time: no "All"

    open_view(page, home)
    card = page.locator('section.platform[data-platform="lab-throughput"]')
    assert card.locator(".kind").inner_text() == "Throughput"
    assert card.locator('tr[data-subexperiment="interprocess_reliable"]').get_attribute("data-status") == "failed"
    assert " Mb/s vs " in card.locator("td.worst").inner_text()


@pytest.mark.browser
def test_a_drop_in_a_throughput_line_is_a_change_point_listed_as_worse_in_mb_per_s(tmp_path, page):
    """Throughput is higher-is-better: its level falling 30 % is the change listed as worse."""
    run_ids = write_throughput_history(tmp_path, platform="lab-throughput", runs=16, shift=(10, 1024, 0.7))
    build_site(tmp_path)

    open_view(page, (tmp_path / "index.html").as_uri())
    rows = page.locator('section.platform[data-platform="lab-throughput"] table.changepoints tbody tr')
    assert rows.count() == 1
    row = rows.first
    assert [row.get_attribute(f"data-{name}") for name in ("subexperiment", "payload", "magnitude", "run")] == [
        "interprocess_reliable", "1024", tf.THROUGHPUT, run_ids[10]]
    before, after = (float(text.removesuffix(" Mb/s")) for text in row.locator("td").nth(2).inner_text().split(" → "))
    assert after == pytest.approx(0.7 * before, rel=0.05)
    change = row.locator("td.change")
    assert "slower" in change.get_attribute("class") and change.inner_text().startswith("\u2212")  # minus sign

    row.locator("td a").first.click()  # the cell's history: the marker in the throughput chart
    page.wait_for_selector('.chart[data-kind="throughput"] .u-over')
    marker = page.locator(".chart .changepoint-marker")
    assert (marker.get_attribute("data-run"), marker.get_attribute("data-magnitude")) == (run_ids[10], tf.THROUGHPUT)
