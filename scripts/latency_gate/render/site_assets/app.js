// The latency history site: one page, routed by the URL hash.
//   #/                                   home: latest run per platform
//   #/history/<platform>/<subexp>/<payload>/<magnitude>   history chart
//   #/run/<platform>/<run-id>            one run
//   #/runs/<platform>                    all runs of a platform
// Data comes from site/data/*.js files (written by latency_gate.site) that assign to
// window.LATENCY_SITE: index.js is loaded by the page, the others on demand with a
// <script> tag, which works under file:// where fetch() does not.
"use strict";

(function () {
  const SITE = window.LATENCY_SITE;
  const INDEX = SITE.index;
  const ALL = "all";
  const COLOURS = { Min: "#2a9d8f", Median: "#3a6ea5", "99%": "#e76f51", Max: "#8d5a97",
    "Subscription throughput [Mb/s]": "#3a6ea5", "Lost [samples]": "#e76f51",
    "Instructions per round trip": "#3a6ea5", "Publisher per round trip": "#2a9d8f", "Subscriber per round trip": "#e76f51" };
  // A line's kind: latency and throughput are timed; instructions are a counted run's (valgrind) counts.
  const KIND_TITLES = { latency: "Latency", throughput: "Throughput", instructions: "Instructions per round trip" };
  const CHANGE_LIST_ROWS = 10; // newest change points listed on the home page before "show all"
  const main = document.getElementById("main");
  let navigation = 0; // bumped per route, so a slow load cannot draw over a newer view
  let chart = null; // the uPlot on screen, destroyed when the view changes

  // ---- DOM and formatting helpers -------------------------------------------------

  function h(tag, attributes, ...children) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
      else element.setAttribute(name, value === true ? "" : value);
    }
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      element.append(child instanceof Node ? child : String(child));
    }
    return element;
  }

  const route = (...segments) => "#/" + segments.map((s) => encodeURIComponent(s)).join("/");
  const fileLink = (...segments) => segments.map((s) => encodeURIComponent(s)).join("/");
  const dataPath = (...segments) => "site/data/" + fileLink(...segments) + ".js";

  function micros(value) {
    if (value === null || value === undefined) return "–";
    const digits = value < 10 ? 2 : value < 100 ? 1 : 0;
    return value.toFixed(digits) + " µs";
  }
  // A value in its magnitude's unit: microseconds for latency, Mb/s or samples for throughput,
  // instructions (per round trip: fractions below a thousand) for counts.
  function quantity(value, unit) {
    if (unit === "us" || unit === undefined) return micros(value);
    if (value === null || value === undefined) return "–";
    if (unit === "instructions") {
      return value.toLocaleString("en-US", { maximumFractionDigits: value < 1000 ? 2 : 0 }) + " instructions";
    }
    return (unit === "samples" ? String(Math.round(value)) : value.toFixed(value < 100 ? 2 : 1)) + " " + unit;
  }
  // Whether a value is on the failing side of its requirement: below a floor (throughput), above a ceiling.
  const beyond = (platform, magnitude, value, required) => value !== null && required !== null &&
    (platform.floors.includes(magnitude) ? value < required : value > required);
  const unitOf = (platform, magnitude) => platform.units[magnitude];
  const kindTitle = (kind) => KIND_TITLES[kind] || kind;

  function margin(value) {
    if (value === null || value === undefined) return "–";
    return (value > 0 ? "+" : value < 0 ? "−" : "") + Math.abs(value).toFixed(1) + " %";
  }
  const payloadLabel = (bytes) => (bytes >= 1024 ? bytes / 1024 + " KiB" : bytes + " B");
  const percent = (fraction) => margin(fraction * 100);
  const when = (iso) => (iso ? iso.replace("T", " ").replace(/:\d\d(\.\d+)?Z$/, " UTC") : "–");
  const day = (iso) => (iso ? iso.slice(5, 10) : "");

  function badge(status) {
    const text = { passed: "passed", failed: "failed", unchecked: "no checks" }[status] || status;
    return h("span", { class: "badge " + status }, text);
  }

  // Margin to requirement as a colour: green with headroom, amber near it, red over it.
  function marginColour(value) {
    if (value > 0) return `hsl(2 72% ${Math.max(52, 66 - value / 4)}%)`;
    const headroom = Math.min(-value, 60) / 60;
    return `hsl(${40 + headroom * 95} 55% ${86 - headroom * 8}%)`;
  }

  function findPlatform(name) {
    const platform = INDEX.platforms.find((p) => p.name === name);
    if (!platform) throw new NotFound(`no platform "${name}" in the history`);
    return platform;
  }

  class NotFound extends Error {}

  const pending = {};
  function loadData(key, path) {
    if (SITE.data[key]) return Promise.resolve(SITE.data[key]);
    pending[key] = pending[key] || new Promise((resolve, reject) => {
      const script = h("script", { src: path + "?v=" + SITE.build });
      script.onload = () => (SITE.data[key] ? resolve(SITE.data[key]) : reject(new NotFound(`${path} holds no ${key}`)));
      script.onerror = () => {
        delete pending[key];
        script.remove();
        reject(new NotFound(`no data file ${path}`));
      };
      document.head.append(script);
    });
    return pending[key];
  }

  // ---- Router ---------------------------------------------------------------------

  async function render() {
    const token = ++navigation;
    const [view, ...args] = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
    const views = { "": home, history: historyView, run: runView, runs: runsView };
    try {
      if (!(view in views)) throw new NotFound(`no page "${location.hash}"`);
      const content = await views[view](...args);
      if (token !== navigation) return;
      if (chart) chart.destroy();
      chart = null;
      main.replaceChildren(...content.nodes.flat(Infinity).filter(Boolean));
      document.title = content.title + " · latency history";
      if (content.afterShow) content.afterShow();
    } catch (error) {
      if (!(error instanceof NotFound)) throw error;
      main.replaceChildren(h("section", { class: "card not-found" }, h("h1", {}, "Not found"),
        h("p", {}, error.message), h("p", {}, h("a", { href: "#/" }, "Back to the overview"))));
    }
    main.dataset.route = location.hash; // tells a waiting reader (or test) which view is shown
  }

  function navigationBar() {
    const nav = document.getElementById("nav");
    nav.replaceChildren(...INDEX.platforms.map((p) => h("a", { href: route("runs", p.name) }, `${p.name} runs`)));
  }

  // ---- Home -----------------------------------------------------------------------

  function home() {
    const nodes = [h("h1", {}, "Latency history"),
      h("p", { class: "lede" }, "The latest run per platform against its requirements, and how each " +
        "sub-experiment's latency evolved. Margins are the worst check's distance to its requirement: " +
        "negative is headroom, positive is over.")];
    if (!INDEX.platforms.length) nodes.push(h("p", { class: "card" }, "The history store holds no runs yet."));
    for (const platform of INDEX.platforms) nodes.push(platformCard(platform));
    return { title: "Overview", nodes };
  }

  function platformCard(platform) {
    const latest = platform.runs[platform.runs.length - 1];
    return h("section", { class: "card platform", "data-platform": platform.name },
      h("div", { class: "card-head" },
        h("h2", {}, platform.name),
        h("span", { class: "middleware", "data-middleware": platform.middleware }, platform.middlewareTitle),
        h("span", { class: "kind", "data-kind": platform.kind }, kindTitle(platform.kind)),
        badge(latest.status),
        h("span", { class: "muted" }, `latest of ${platform.runs.length} run${platform.runs.length === 1 ? "" : "s"}`)),
      runFacts(platform, latest),
      platform.kind === "instructions" ? [h("h3", {}, "Instructions per round trip of the latest run"),
        countsMatrix(platform, platform.latest.counts)]
        : [h("h3", {}, "Sub-experiments of the latest run"), verdictMatrix(platform, platform.latest)],
      h("h3", {}, "Change points"), changePointList(platform),
      h("h3", {}, "Recent runs"), runStrip(platform));
  }

  // Where a cell's level shifted for good (history.regenerate, Apache Otava), newest first:
  // the first run at the new level, the mean level before and after, the change (worse:
  // up for latency, down for a floor such as throughput).
  function changePointList(platform) {
    const points = platform.changepoints.slice().reverse();
    if (!points.length) {
      return h("p", { class: "muted changepoints none" }, `No change points: no cell's ${platform.kind} level ` +
        "shifted significantly in this platform's history (or it holds too few runs to tell).");
    }
    const worse = (point) => (platform.floors.includes(point.magnitude) ? point.change < 0 : point.change > 0);
    const rows = points.map((point, i) => {
      const run = platform.runs[point.run];
      return h("tr", {
        hidden: i >= CHANGE_LIST_ROWS, "data-subexperiment": point.subexperiment, "data-payload": point.payload,
        "data-magnitude": point.magnitude, "data-run": run.id,
      },
      h("td", {}, h("a", { href: route("history", platform.name, point.subexperiment, point.payload, point.magnitude) },
        `${point.subexperiment} · ${payloadLabel(point.payload)} · ${point.magnitude}`)),
      h("td", {}, h("a", { href: route("run", platform.name, run.id) }, run.id)),
      h("td", { class: "number" }, `${quantity(point.before, unitOf(platform, point.magnitude))} → ` +
        quantity(point.after, unitOf(platform, point.magnitude))),
      h("td", { class: "number change " + (worse(point) ? "slower" : "faster"), title: `p = ${point.pvalue}` },
        percent(point.change)));
    });
    const table = h("table", { class: "data changepoints" },
      h("thead", {}, h("tr", {}, h("th", {}, "Cell"), h("th", {}, "First run at the new level"),
        h("th", { class: "number" }, "Before → after"), h("th", { class: "number" }, "Change"))),
      h("tbody", {}, rows));
    const more = points.length - CHANGE_LIST_ROWS;
    return h("div", { class: "table-wrap" }, table, more > 0 ? h("button", {
      type: "button", class: "link show-all",
      onclick: (event) => { table.querySelectorAll("tr[hidden]").forEach((row) => { row.hidden = false; }); event.target.remove(); },
    }, `show all ${points.length} (${more} more)`) : null);
  }

  function runFacts(platform, run) {
    const facts = [["Run", h("a", { href: route("run", platform.name, run.id) }, run.id)],
      ["Commit", h("code", {}, run.commit || "–")], ["Started", when(run.time)], ["Runner", run.runner || "–"],
      ["Fast DDS", run.fastdds || "–"],
      ["Files", h("a", { href: route("run", platform.name, run.id, "files") }, "summaries, checks, metadata")]];
    return h("dl", { class: "facts" }, facts.map(([term, value]) => h("div", {}, h("dt", {}, term), h("dd", {}, value))));
  }

  // Rows: sub-experiments with their verdict; columns: payloads, each cell the worst
  // check's margin to its requirement; last columns: the row's worst check.
  function verdictMatrix(platform, latest) {
    const payloads = latest.matrix.payloads;
    const cellsOf = Object.fromEntries(latest.matrix.rows.map((row) => [row.subexperiment, row.cells]));
    return h("div", { class: "matrix-wrap" }, h("table", { class: "matrix" },
      h("thead", {}, h("tr", {}, h("th", { class: "row-head" }, "Sub-experiment"), h("th", {}, "Status"),
        payloads.map((bytes) => h("th", { class: "payload" }, payloadLabel(bytes))),
        h("th", { class: "worst-head" }, "Worst check"), h("th", { class: "number" }, "Margin"))),
      h("tbody", {}, latest.subexperiments.map((verdict) => {
        const worst = verdict.worst;
        const cells = cellsOf[verdict.name] || payloads.map(() => null);
        return h("tr", { "data-subexperiment": verdict.name, "data-status": verdict.status },
          h("th", { class: "row-name" }, platform.subexperiments.includes(verdict.name) ? h("a", {
            href: route("history", platform.name, verdict.name, worst ? worst.bytes : "", worst ? worst.check : ALL),
          }, verdict.name) : verdict.name),
          h("td", {}, badge(verdict.status)),
          cells.map((cell, column) => matrixCell(platform, verdict.name, payloads[column], cell)),
          h("td", { class: "worst" }, worst ? `${worst.check} at ${payloadLabel(worst.bytes)}: ` +
            `${quantity(worst.experiment, worst.unit)} vs ${quantity(worst.requirement, worst.unit)}` : null,
          verdict.failure ? h("span", { class: "crash" }, `${worst ? " · " : ""}${verdict.failure}`) : null,
          worst || verdict.failure ? null : "no checks"),
          h("td", { class: "number margin " + (worst && worst.margin > 0 ? "over" : "") }, worst ? margin(worst.margin) : "–"));
      }))),
    payloads.length === 0 ? null : h("p", { class: "legend" }, "Cells: worst check's margin to its requirement in %.",
      h("span", { class: "swatch", style: `background:${marginColour(-60)}` }), "60 % or more headroom",
      h("span", { class: "swatch", style: `background:${marginColour(-5)}` }), "close to it",
      h("span", { class: "swatch failed", style: `background:${marginColour(10)}` }), "over it (failed)"));
  }

  // An instructions line's latest run: per sub-experiment and payload, its instructions per round
  // trip (all processes), each linking to that cell's history. Counts have no requirement to colour by.
  function countsMatrix(platform, counts) {
    const magnitude = platform.magnitudes[0];
    return h("div", { class: "matrix-wrap" }, h("table", { class: "matrix counts" },
      h("thead", {}, h("tr", {}, h("th", { class: "row-head" }, "Sub-experiment"),
        counts.payloads.map((bytes) => h("th", { class: "payload" }, payloadLabel(bytes))))),
      h("tbody", {}, counts.rows.map((row) => h("tr", { "data-subexperiment": row.subexperiment },
        h("th", { class: "row-name" }, h("a", { href: route("history", platform.name, row.subexperiment, "", ALL) },
          row.subexperiment)),
        row.cells.map((value, column) => h("td", { class: "number", "data-bytes": counts.payloads[column] },
          value === null ? "–" : h("a", { href: route("history", platform.name, row.subexperiment, counts.payloads[column], magnitude) },
            quantity(value, unitOf(platform, magnitude)).replace(" instructions", "")))))))),
    h("p", { class: "legend" }, "Cells: instructions per round trip of the run's counted path, all its processes " +
      "(valgrind's callgrind: a count, not a time; no requirement applies)."));
  }

  function matrixCell(platform, subexperiment, bytes, cell) {
    if (!cell) return h("td", { class: "cell empty" });
    return h("td", {
      class: "cell " + (cell.failed ? "failed" : "passed"), style: `background:${marginColour(cell.margin)}`,
      "data-subexperiment": subexperiment, "data-bytes": bytes,
      title: `${subexperiment}, ${payloadLabel(bytes)}: worst check ${cell.check} ${margin(cell.margin)}` +
        (cell.failed ? " (failed)" : ""),
    }, h("a", { href: route("history", platform.name, subexperiment, bytes, cell.check) },
      (cell.margin > 0 ? "+" : "") + Math.round(cell.margin)));
  }

  function runStrip(platform) {
    const recent = platform.runs.slice(-40);
    return h("div", { class: "run-strip" },
      recent.map((run) => h("a", {
        class: "tick " + run.status, href: route("run", platform.name, run.id),
        title: `${run.id}\n${run.status}, worst margin ${margin(run.worst)}`,
      })),
      h("a", { class: "all-runs", href: route("runs", platform.name) }, `all ${platform.runs.length} runs →`));
  }

  // ---- History of one sub-experiment ------------------------------------------------

  async function historyView(platformName, subexperiment, payloadText, magnitudeText) {
    const platform = findPlatform(platformName);
    if (!platform.subexperiments.includes(subexperiment)) {
      throw new NotFound(`no history of "${subexperiment}" on ${platformName}`);
    }
    const series = await loadData(`series/${platformName}/${subexperiment}`, dataPath("series", platformName, subexperiment));
    const payloadIndex = Math.max(0, series.payloads.indexOf(Number(payloadText)));
    const payload = series.payloads[payloadIndex];
    // Latency's magnitudes share a unit and can be drawn together, as can the instructions of all
    // processes and each side's; throughput's (Mb/s, samples) one at a time.
    const together = platform.kind !== "throughput";
    const choices = together ? [ALL, ...platform.magnitudes] : platform.magnitudes;
    const magnitude = platform.magnitudes.includes(magnitudeText) ? magnitudeText : choices[0];
    const here = (bytes, shown) => route("history", platformName, subexperiment, bytes, shown);
    const chartBox = h("div", { class: "chart", "data-payload": payload, "data-magnitude": magnitude, "data-kind": platform.kind });
    const shown = magnitude === ALL ? platform.magnitudes : [magnitude];
    const changes = platform.changepoints.filter((point) => point.subexperiment === subexperiment &&
      point.payload === payload && shown.includes(point.magnitude) && series.runs.includes(point.run));
    const nodes = [
      h("p", { class: "crumbs" }, h("a", { href: "#/" }, "Overview"), " › ", platformName, " › ", subexperiment),
      h("div", { class: "title-row" }, h("h1", {}, subexperiment),
        h("select", {
          "aria-label": "Sub-experiment",
          onchange: (event) => { location.hash = route("history", platformName, event.target.value, payload, magnitude); },
        }, platform.subexperiments.map((name) => h("option", { value: name, selected: name === subexperiment }, name)))),
      h("section", { class: "card" },
        h("div", { class: "controls" },
          metricSwitch(platform, (line) => route("history", line.name,
            line.subexperiments.includes(subexperiment) ? subexperiment : line.subexperiments[0], payload, "")),
          middlewareSwitch(platform, (line) => route("history", line.name,
            line.subexperiments.includes(subexperiment) ? subexperiment : line.subexperiments[0], payload, magnitude)),
          segmented("Magnitude", choices, magnitude, (m) => here(payload, m), (m) => (m === ALL ? "All" : m)),
          segmented("Payload", series.payloads, payload, (b) => here(b, magnitude), payloadLabel)),
        h("h2", { class: "chart-title" }, `${kindTitle(platform.kind)} of ${subexperiment} at ${payloadLabel(payload)}`,
          h("span", { class: "muted" }, ` · ${platform.middlewareTitle} on ${platform.platform}`)),
        chartBox,
        changes.length ? h("p", { class: "changepoint-legend" }, h("span", { class: "swatch-line" }),
          `change point (${changes.length}): the first run at a new level of the line of its colour`) : null,
        settingsChanges(platform, series).length ? h("p", { class: "settings-legend" }, h("span", { class: "swatch-settings" }),
          "settings changed: runs on either side of this line were measured under other real-time settings " +
          "and are not comparable (hover for which)") : null,
        h("p", { class: "hint" }, platform.kind === "instructions"
          ? "Counted under valgrind's callgrind: the instructions of the middleware's per-sample path per round " +
            "trip, of all processes and of each side (an intra-process run has one); no requirement applies. "
          : `Dashed: the requirement each run was checked against${platform.floors.length
          ? " (throughput: a floor)" : ""}; ringed: a point on its failing side. `,
          "Hover for a run, click to open it; drag across to zoom, double-click to zoom out; click a legend entry to hide its line.")),
      latestRunsTable(platform, series, payloadIndex),
      pngLinks(platform, subexperiment, payload),
    ];
    return {
      title: `${subexperiment} at ${payloadLabel(payload)}`, nodes,
      afterShow: () => { chart = historyChart(chartBox, platform, series, payloadIndex, magnitude, changes); },
    };
  }

  // The platform's other middleware (Cyclone DDS, the socket floor, ... measured on the same
  // platform are lines of their own): one click to the same chart on another; none when alone.
  function middlewareSwitch(platform, link) {
    const lines = INDEX.platforms.filter((line) => line.platform === platform.platform && line.kind === platform.kind);
    if (lines.length < 2) return null;
    const byName = Object.fromEntries(lines.map((line) => [line.name, line]));
    return segmented("Middleware", lines.map((line) => line.name), platform.name, (name) => link(byName[name]),
      (name) => byName[name].middlewareTitle);
  }

  // The same middleware's other metric on this platform (latency, throughput: lines of their own).
  function metricSwitch(platform, link) {
    const lines = INDEX.platforms.filter((line) => line.platform === platform.platform &&
      line.middleware === platform.middleware);
    if (lines.length < 2) return null;
    const byName = Object.fromEntries(lines.map((line) => [line.name, line]));
    return segmented("Metric", lines.map((line) => line.name), platform.name, (name) => link(byName[name]),
      (name) => kindTitle(byName[name].kind));
  }

  function segmented(label, options, selected, link, text) {
    return h("div", { class: "segmented", role: "group", "aria-label": label }, h("span", { class: "label" }, label),
      options.map((option) => h("a", {
        href: link(option), class: option === selected ? "selected" : null,
        "aria-current": option === selected ? "true" : null, "data-option": option,
      }, text(option))));
  }

  function historyChart(box, platform, series, payloadIndex, magnitude, changes) {
    const runs = series.runs.map((position) => platform.runs[position]);
    const shown = magnitude === ALL ? platform.magnitudes : [magnitude];
    const data = [runs.map((_, i) => i)];
    const lines = [{ label: "Run" }];
    for (const m of shown) {
      data.push(series.values[m][payloadIndex]);
      // uPlot draws the points only while they are far enough apart to tell apart
      lines.push({ label: m, stroke: COLOURS[m], width: runs.length > 200 ? 1.25 : 2, points: { size: 7, fill: COLOURS[m] } });
      if (series.requirements[m]) {
        data.push(series.requirements[m][payloadIndex]);
        lines.push({ label: `${m} requirement`, class: "requirement", stroke: COLOURS[m], width: 1.5, dash: [7, 5],
          points: { show: false }, paths: uPlot.paths.stepped({ align: 1 }) });
      }
    }
    const tooltip = h("div", { class: "tooltip", hidden: true });
    // A change point: a full-height dashed line at its run, in its magnitude's colour.
    const markers = changes.map((point) => ({
      point, x: series.runs.indexOf(point.run),
      element: h("div", {
        class: "changepoint-marker", "data-run": platform.runs[point.run].id, "data-magnitude": point.magnitude,
        style: `border-color:${COLOURS[point.magnitude]}`,
      }),
    }));
    // A change of the measurement settings: a full-height grey line before the first run under the new ones.
    for (const change of settingsChanges(platform, series)) {
      markers.push({ point: { magnitude: null, settings: change }, x: change.x,
        element: h("div", { class: "settings-marker", "data-run": runs[change.x].id }) });
    }
    const changesAt = (i) => markers.filter((marker) => marker.x === i).map((marker) => marker.point);
    // uPlot draws its axes on the canvas: the chart's unit is also said in words, for screen readers.
    const axisLabel = { latency: "Latency [µs]", instructions: "Instructions per round trip" }[platform.kind] || shown[0];
    box.setAttribute("role", "img");
    box.setAttribute("aria-label", `${axisLabel} of each run: ${shown.join(", ")}`);
    const options = {
      width: Math.max(320, box.clientWidth), height: 380,
      cursor: { drag: { x: true, y: false }, points: { size: 9 } },
      legend: { live: false },
      // x: run positions, padded so the first and last points are not cut in half at the edges
      scales: { x: { time: false, range: (u, min, max) => [min - 0.4, max + 0.4] },
        y: magnitude === ALL && platform.kind === "latency" ? { distr: 3, log: 10 } : {} },
      axes: [
        { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000], space: 80, size: 52,
          values: (u, ticks) => ticks.map((i) => (runs[i] ? `${day(runs[i].time)}\n${runs[i].commit || ""}` : "")) },
        { label: axisLabel, size: 60,
          values: (u, ticks) => ticks.map((v) => (v === null ? "" : +v.toPrecision(3))) },
      ],
      series: lines,
      hooks: {
        setCursor: [(u) => showTooltip(u, platform, tooltip, runs, data, lines, changesAt)],
        draw: [(u) => ringViolations(u, platform, data, lines), (u) => placeMarkers(u, markers, lines)],
      },
    };
    const plot = new uPlot(options, data, box);
    plot.over.append(...markers.map((marker) => marker.element), tooltip);
    placeMarkers(plot, markers, lines);
    // A click opens the run under the cursor; the end of a drag (a zoom) is no click.
    let pressedAt = null;
    plot.over.addEventListener("mousedown", (event) => { pressedAt = event.clientX; });
    plot.over.addEventListener("click", (event) => {
      const run = runs[plot.cursor.idx];
      if (run && Math.abs(event.clientX - pressedAt) < 4) location.hash = route("run", platform.name, run.id);
    });
    const resize = () => plot.setSize({ width: Math.max(320, box.clientWidth), height: 380 });
    window.addEventListener("resize", resize);
    const destroy = plot.destroy.bind(plot);
    plot.destroy = () => { window.removeEventListener("resize", resize); destroy(); };
    return plot;
  }

  // A red ring around every point on the failing side of the requirement it was checked against.
  function ringViolations(u, platform, data, lines) {
    const context = u.ctx;
    context.save();
    context.strokeStyle = "#c8322b";
    context.lineWidth = 2 * devicePixelRatio;
    for (let s = 1; s < lines.length - 1; s++) {
      if (lines[s + 1].label !== `${lines[s].label} requirement` || !u.series[s].show) continue;
      data[s].forEach((value, i) => {
        if (!beyond(platform, lines[s].label, value, data[s + 1][i])) return;
        context.beginPath();
        context.arc(u.valToPos(i, "x", true), u.valToPos(value, "y", true), 7 * devicePixelRatio, 0, 2 * Math.PI);
        context.stroke();
      });
    }
    context.restore();
  }

  // Markers follow the x scale (zoom, resize); hidden off scale or with their line.
  // Positions in a series where a run's settings differ from the run before it.
  function settingsChanges(platform, series) {
    const runs = series.runs.map((position) => platform.runs[position]);
    const changes = [];
    for (let i = 1; i < runs.length; i++) {
      if (runs[i].settings !== runs[i - 1].settings) changes.push({ x: i, before: runs[i - 1].settings, after: runs[i].settings });
    }
    return changes;
  }

  function placeMarkers(u, markers, lines) {
    for (const { point, x, element } of markers) {
      const line = lines.findIndex((l) => l.label === point.magnitude);
      const inView = x >= u.scales.x.min && x <= u.scales.x.max && (line < 0 || u.series[line].show);
      element.hidden = !inView;
      if (inView) element.style.left = u.valToPos(x, "x") + "px";
    }
  }

  function showTooltip(u, platform, tooltip, runs, data, lines, changesAt) {
    const i = u.cursor.idx;
    if (i === null || i === undefined || u.cursor.left < 0) {
      tooltip.hidden = true;
      return;
    }
    const run = runs[i];
    const rows = [];
    for (let s = 1; s < lines.length; s++) {
      if (lines[s].label.endsWith("requirement") || !u.series[s].show) continue;
      const value = data[s][i];
      const required = lines[s + 1] && lines[s + 1].label === `${lines[s].label} requirement` ? data[s + 1][i] : null;
      const over = beyond(platform, lines[s].label, value, required);
      const unit = unitOf(platform, lines[s].label);
      rows.push(h("tr", { class: over ? "over" : null }, h("td", {}, h("span", { class: "dot", style: `background:${lines[s].stroke}` }), lines[s].label),
        h("td", { class: "number" }, quantity(value, unit)),
        h("td", { class: "muted" }, required !== null ? `req ${quantity(required, unit)}` : "")));
    }
    const shifts = changesAt(i).map((point) => (point.settings
      ? h("div", { class: "tip-change" }, h("span", { class: "swatch-settings" }),
        `settings changed: ${point.settings.before} → ${point.settings.after}`)
      : h("div", { class: "tip-change" },
        h("span", { class: "swatch-line", style: `border-color:${COLOURS[point.magnitude]}` }),
        `change point: ${point.magnitude} ${percent(point.change)} ` +
        `(${quantity(point.before, unitOf(platform, point.magnitude))} → ` +
        `${quantity(point.after, unitOf(platform, point.magnitude))})`)));
    tooltip.replaceChildren(h("div", { class: "tip-run" }, run.id),
      h("div", { class: "muted" }, `commit ${run.commit || "–"} · ${when(run.time)}`), h("table", {}, rows), ...shifts);
    tooltip.dataset.run = run.id;
    tooltip.hidden = false;
    const left = u.cursor.left + 14;
    tooltip.style.left = Math.max(0, left + tooltip.offsetWidth > u.over.clientWidth ? u.cursor.left - tooltip.offsetWidth - 14 : left) + "px";
    tooltip.style.top = Math.max(0, Math.min(u.cursor.top - 20, u.over.clientHeight - tooltip.offsetHeight)) + "px";
  }

  function latestRunsTable(platform, series, payloadIndex) {
    const count = Math.min(12, series.runs.length);
    const rows = [];
    for (let i = series.runs.length - 1; i >= series.runs.length - count; i--) {
      const run = platform.runs[series.runs[i]];
      rows.push(h("tr", {}, h("td", {}, h("a", { href: route("run", platform.name, run.id) }, run.id)),
        h("td", {}, when(run.time)),
        platform.magnitudes.map((m) => {
          const value = series.values[m][payloadIndex][i];
          const required = series.requirements[m] ? series.requirements[m][payloadIndex][i] : null;
          return h("td", { class: "number" + (beyond(platform, m, value, required) ? " over" : "") },
            quantity(value, unitOf(platform, m)));
        })));
    }
    return h("section", { class: "card" }, h("h3", {}, `Latest ${count} runs at ${payloadLabel(series.payloads[payloadIndex])}`),
      h("table", { class: "data" }, h("thead", {}, h("tr", {}, h("th", {}, "Run"), h("th", {}, "Started"),
        platform.magnitudes.map((m) => h("th", { class: "number" }, m)))), h("tbody", {}, rows)));
  }

  function pngLinks(platform, subexperiment, payload) {
    const names = (platform.plots || {})[subexperiment] || [];
    const relevant = names.filter((name) => name.startsWith("history_") || name.startsWith(`${payload}_bytes_`));
    return h("section", { class: "card" }, h("h3", {}, "Static history plots"),
      relevant.length
        ? h("ul", { class: "files" }, relevant.map((name) => h("li", {},
            h("a", { href: fileLink("plots", platform.name, subexperiment, name) }, name))))
        : h("p", { class: "muted" }, "No PNG history plots for this sub-experiment in the store."));
  }

  // ---- One run ------------------------------------------------------------------------

  // Keys as metadata.json has them (run_metadata.py); the order is the facts' order.
  const LABELS = {
    started_at: "Started", finished_at: "Finished", fastdds_version: "Fast DDS version",
    source_revision: "Fast DDS sources", host: "Host", kernel: "Kernel", cpu_model: "CPU", samples: "Samples",
    payloads: "Payloads", "settings.rt_prio": "Real-time priority", "settings.pub_cpus": "Publisher CPUs",
    "settings.sub_cpus": "Subscriber CPUs", "settings.stress": "Stress",
    "settings.cpu_idle": "CPU idle (hold: kept out of idle states)",
    "settings.realtime_preset": "Real-time preset", "settings.memory_locked": "Memory locked",
  };
  const NOT_FACTS = new Set(["run_id", "platform", "schema_version", "subexperiments"]);
  const GROUPS = { platform_baseline: "Baseline", settings: "Setting" };

  function label(name) {
    if (LABELS[name]) return LABELS[name];
    const [group, ...rest] = name.split(".");
    const words = (text) => text.replaceAll("_", " ");
    return rest.length ? `${GROUPS[group] || words(group)}: ${words(rest.join("."))}` : words(name);
  }

  function flatten(object, prefix, into) {
    for (const [key, value] of Object.entries(object)) {
      const name = prefix ? `${prefix}.${key}` : key;
      if ((!prefix && NOT_FACTS.has(key)) || value === null) continue;  // null: not recorded
      if (value && typeof value === "object" && !Array.isArray(value)) flatten(value, name, into);
      else into.push([name, Array.isArray(value) ? value.join(", ") : String(value)]);
    }
    return into;
  }

  function parseCsv(text) {
    const [header, ...rows] = text.trim().split(/\r?\n/).map((line) => line.split(","));
    return { header, rows };
  }

  async function runView(platformName, runId, section) {
    const platform = findPlatform(platformName);
    const position = platform.runs.findIndex((run) => run.id === runId);
    if (position < 0) throw new NotFound(`no run "${runId}" on ${platformName}`);
    const run = platform.runs[position];
    const data = await loadData(`run/${platformName}/${runId}`, dataPath("runs", platformName, runId));
    const facts = flatten(data.metadata, "", []);
    const known = Object.keys(LABELS);
    facts.sort((a, b) => (known.indexOf(a[0]) + 1 || 99) - (known.indexOf(b[0]) + 1 || 99));
    const neighbour = (offset) => platform.runs[position + offset];
    const step = (offset, text) => neighbour(offset)
      ? h("a", { href: route("run", platformName, neighbour(offset).id) }, text) : h("span", { class: "muted" }, text);
    const nodes = [
      h("p", { class: "crumbs" }, h("a", { href: "#/" }, "Overview"), " › ",
        h("a", { href: route("runs", platformName) }, `${platformName} runs`), " › ", runId),
      h("div", { class: "title-row" }, h("h1", {}, runId), badge(run.status),
        h("span", { class: "pager" }, step(-1, "← older"), step(1, "newer →"))),
      h("section", { class: "card" }, h("h3", {}, "Where and how it ran"),
        facts.length ? h("dl", { class: "facts wide" }, facts.map(([name, value]) =>
          h("div", {}, h("dt", {}, label(name)), h("dd", {}, name.endsWith("_at") ? when(value) : value))))
          : h("p", { class: "muted" }, "This run has no metadata.")),
      h("section", { class: "card" }, h("h3", {}, "Sub-experiments"),
        INDEX.subexperiments.filter((name) => data.csv[`measurements_${name}_summary.csv`] || data.csv[`checks_${name}.csv`] ||
          data.csv[`instructions_${name}.csv`] ||
          (data.metadata.subexperiments || {})[name]).map((name) => subexperimentResults(platform, data, name))),
      h("section", { class: "card", id: "files" }, h("h3", {}, "Files"),
        h("ul", { class: "files" }, data.files.map((name) =>
          h("li", {}, h("a", { href: fileLink("runs", platformName, runId, name) }, name))))),
    ];
    return {
      title: runId, nodes,
      afterShow: () => { if (section === "files") document.getElementById("files").scrollIntoView(); },
    };
  }

  // One expandable row per sub-experiment: verdict line, then its checks and summary.
  function subexperimentResults(platform, data, name) {
    const outcome = (data.metadata.subexperiments || {})[name] || {};
    const checksText = data.csv[`checks_${name}.csv`];
    const summaryText = data.csv[`measurements_${name}_summary.csv`];
    const countsText = data.csv[`instructions_${name}.csv`]; // a counted run's: it has no summary
    const checks = checksText ? parseCsv(checksText) : null;
    const status = checks ? checks.header.indexOf("Status") : -1;
    const failed = checks ? checks.rows.filter((row) => row[status] === "failed").length : 0;
    const crashed = outcome.status !== undefined && outcome.status !== "passed";
    const verdict = crashed || failed ? "failed" : checks ? "passed" : "unchecked";
    const marginColumn = checks ? checks.header.indexOf("Percentage over requirement") : -1;
    const worst = checks ? Math.max(...checks.rows.map((row) => Number(row[marginColumn]))) : null;
    const facts = [checks ? `${failed} of ${checks.rows.length} checks failed, worst margin ${margin(worst)}` : "not checked",
      crashed ? (outcome.error ? `${outcome.status}: ${outcome.error}` : outcome.status) : null,
      typeof outcome.duration_s === "number" ? `${outcome.duration_s} s` : null,
      summaryText || countsText ? null : "no summary"];
    return h("details", { class: "subexperiment", "data-subexperiment": name, open: verdict === "failed" },
      h("summary", {}, h("code", { class: "name" }, name), badge(verdict),
        h("span", { class: "muted" }, facts.filter(Boolean).join(" · ")),
        platform.subexperiments.includes(name)
          ? h("a", { class: "push-right", href: route("history", platform.name, name, "", ALL) }, "history →") : null),
      checks ? h("h4", {}, "Checks") : null,
      checks ? csvTable(checks, (row) => row[status] === "failed") : null,
      summaryText ? h("h4", {}, "Summary") : null,
      summaryText ? csvTable(parseCsv(summaryText), () => false) : null,
      countsText ? h("h4", {}, "Instructions (per payload and process, counted under valgrind)") : null,
      countsText ? csvTable(parseCsv(countsText), () => false) : null);
  }

  function csvTable(table, isBad) {
    const numeric = (cell) => cell !== "" && !Number.isNaN(Number(cell));
    return h("div", { class: "table-wrap" }, h("table", { class: "data" },
      h("thead", {}, h("tr", {}, table.header.map((column) => h("th", {}, column)))),
      h("tbody", {}, table.rows.map((row) => h("tr", { class: isBad(row) ? "over" : null },
        row.map((cell) => h("td", { class: numeric(cell) ? "number" : null }, cell)))))));
  }

  // ---- All runs of a platform -------------------------------------------------------------

  function runsView(platformName) {
    const platform = findPlatform(platformName);
    const rows = platform.runs.slice().reverse().map((run) => h("tr", { "data-status": run.status },
      h("td", {}, badge(run.status)), h("td", {}, h("a", { href: route("run", platformName, run.id) }, run.id)),
      h("td", {}, when(run.time)), h("td", {}, h("code", {}, run.commit || "–")), h("td", {}, run.runner || "–"),
      h("td", { class: "number" }, run.failed), h("td", { class: "number margin" + (run.worst > 0 ? " over" : "") }, margin(run.worst))));
    const table = h("table", { class: "data runs" },
      h("thead", {}, h("tr", {}, ["Status", "Run", "Started", "Commit", "Runner"].map((c) => h("th", {}, c)),
        h("th", { class: "number" }, "Failed checks"), h("th", { class: "number" }, "Worst margin"))),
      h("tbody", {}, rows));
    const failedRuns = platform.runs.filter((run) => run.status === "failed").length;
    const failedOnly = h("label", { class: "push-right" }, h("input", {
      type: "checkbox", onchange: (event) => table.classList.toggle("failed-only", event.target.checked),
    }), ` failed runs only (${failedRuns})`);
    return {
      title: `${platformName} runs`,
      nodes: [h("p", { class: "crumbs" }, h("a", { href: "#/" }, "Overview"), " › ", `${platformName} runs`),
        h("div", { class: "title-row" }, h("h1", {}, `${platform.runs.length} runs on ${platformName}`), failedOnly),
        h("section", { class: "card" }, table)],
    };
  }

  navigationBar();
  window.addEventListener("hashchange", render);
  render();
})();
