"""The site's instructions lines, used in headless Chromium: a counted run's instructions per
round trip are one metric switch away from the platform's latency, charted per cell with a
title, their unit and a legend, their change points listed and marked like latency's.

The store: three timed runs of the socket floor on platform "lab" and twelve counted runs of
it, whose interprocess_best_effort count at 1 KiB is 2 % higher from the ninth run on.
"""

import pytest

from latency_gate.contracts import instruction_counts as counts
from latency_gate.render.site import build_site
from latency_gate.runner.middleware import BACKENDS
from latency_gate_testing.factories import write_history, write_instruction_history
from test_site import open_view

pytestmark = pytest.mark.browser

LINE = "lab-socket-instructions"
CELL = ("interprocess_best_effort", 1024)
STEP_RUN = 8


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    root = tmp_path_factory.mktemp("instructions-store")
    write_history(root, platform="lab-socket", runs=3, subexperiments=[CELL[0]], payloads=(16, 1024),
                  middleware="socket")
    run_ids = write_instruction_history(root, runs=12, payloads=(16, 1024), shift=(STEP_RUN, *CELL, 1.02))
    build_site(root)
    return root, run_ids


def test_the_instructions_chart_is_one_metric_switch_away_titled_in_its_unit_with_its_change_point(store, page):
    root, run_ids = store
    open_view(page, (root / "index.html").as_uri() + f"#/history/lab-socket/{CELL[0]}/{CELL[1]}/Median")
    metric = page.locator('.segmented[aria-label="Metric"]')
    assert metric.locator("a").all_inner_texts() == ["Latency", "Instructions per round trip"]
    metric.locator("a", has_text="Instructions per round trip").click()
    page.wait_for_function(f"document.querySelector('main').dataset.route.includes('{LINE}')")
    page.wait_for_selector(".chart .u-over")

    assert page.locator(".chart").get_attribute("data-kind") == "instructions"
    assert page.locator(".chart-title").inner_text() == (
        f"Instructions per round trip of {CELL[0]} at 1 KiB · {BACKENDS['socket'].TITLE} on lab")
    assert page.locator(".chart").get_attribute("aria-label").startswith("Instructions per round trip of each run: ")
    legend = page.locator(".u-legend").inner_text()
    for line in (counts.PER_ROUND_TRIP, counts.PUBLISHER_PER_ROUND_TRIP, counts.SUBSCRIBER_PER_ROUND_TRIP):
        assert line in legend
    assert "requirement" not in legend  # none applies to counts
    assert page.locator('.segmented[aria-label="Magnitude"] a').all_inner_texts() == [
        "All", counts.PER_ROUND_TRIP, counts.PUBLISHER_PER_ROUND_TRIP, counts.SUBSCRIBER_PER_ROUND_TRIP]
    newest = page.locator("section.card table.data tbody tr").first
    assert newest.locator("td").first.inner_text() == run_ids[-1]
    assert all(text.endswith(" instructions") for text in newest.locator("td.number").all_inner_texts())

    marker = page.locator(".chart .changepoint-marker")
    assert marker.count() == 1
    assert (marker.get_attribute("data-run"), marker.get_attribute("data-magnitude")) == (
        run_ids[STEP_RUN], counts.PER_ROUND_TRIP)
    line, area = marker.bounding_box(), page.locator(".u-over").bounding_box()
    page.mouse.move(line["x"] + line["width"] / 2, area["y"] + area["height"] / 2)
    tooltip = page.locator(".chart .tooltip")
    assert tooltip.get_attribute("data-run") == run_ids[STEP_RUN]
    assert f"change point: {counts.PER_ROUND_TRIP} +2.0 %" in tooltip.inner_text()

    page.locator('.segmented[aria-label="Payload"] a[data-option="16"]').click()  # a cell that held its level
    page.wait_for_selector('.chart[data-payload="16"] .u-over')
    assert page.locator(".chart .changepoint-marker").count() == 0
    page.locator('.segmented[aria-label="Metric"] a', has_text="Latency").click()  # and back
    page.wait_for_selector('.chart[data-kind="latency"] .u-over')
    assert page.locator(".chart").get_attribute("aria-label").startswith("Latency [µs] of each run: ")


def test_home_lists_the_change_in_counts_and_the_latest_runs_counts(store, page):
    root, run_ids = store
    open_view(page, (root / "index.html").as_uri())
    card = page.locator(f'section.platform[data-platform="{LINE}"]')
    assert card.locator(".kind").inner_text() == "Instructions per round trip"
    rows = card.locator("table.changepoints tbody tr")
    assert rows.count() == 1
    assert [rows.first.get_attribute(f"data-{name}") for name in ("subexperiment", "payload", "magnitude", "run")] == [
        CELL[0], str(CELL[1]), counts.PER_ROUND_TRIP, run_ids[STEP_RUN]]
    before, after = (float(text.removesuffix(" instructions").replace(",", ""))
                     for text in rows.first.locator("td").nth(2).inner_text().split(" → "))
    assert after / before == pytest.approx(1.02, abs=0.002)
    assert rows.first.locator("td.change").inner_text() == "+2.0 %"

    cell = card.locator(f'table.counts tr[data-subexperiment="{CELL[0]}"] td[data-bytes="{CELL[1]}"]')
    assert 2900 < float(cell.inner_text().replace(",", "")) < 3000  # 2,600 + 0.25 per byte, then 2 % more
    cell.locator("a").click()
    page.wait_for_selector(f'.chart[data-kind="instructions"][data-payload="{CELL[1]}"] .u-over')


def test_a_counted_runs_page_shows_its_counts_per_process(store, page):
    root, run_ids = store
    open_view(page, (root / "index.html").as_uri() + f"#/run/{LINE}/{run_ids[-1]}")
    details = page.locator(f'details[data-subexperiment="{CELL[0]}"]')
    details.locator("summary").click()
    assert "Instructions (per payload and process" in details.inner_text()
    table = details.locator("table.data")
    assert table.locator("th").all_inner_texts() == list(counts.COUNTS_COLUMNS)
    assert sorted(table.locator("tbody tr td:nth-child(2)").all_inner_texts()) == [
        "publisher", "publisher", "subscriber", "subscriber"]
