// `node bench/run.mjs [--no-build] [--soak <seconds>] [--only <section,…>]`: every benchmark in one
// run on the production build, then bench/results.md rewritten with the figures, the date, the
// machine and its load. Each section ("Size", "Render cost", "Rich post", "Throughput", "Lighthouse",
// "Images", "Load") starts the servers it needs and stops them; a section that throws is run once more, and
// one that fails twice is written as failed (with its error) while every other section's figures
// are written as usual. Each section records the load average before and after it. The exit code is
// non-zero when a section failed or a budget was missed, and only after results.md is written.
// `--soak 600` makes the Load section a 10-minute run; `--only` runs some sections and keeps the
// others' last figures. Sections of results.md this script does not produce are kept.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { build, ROOT, run } from "../scripts/lib.mjs";
import { imageBudgets, imagesLines, measureImages } from "./images.mjs";
import {
  CATEGORIES,
  chromiumVersion,
  FLOOR_SCORE_POINTS,
  FLOOR_TBT_MS,
  floorRows,
  floorTable,
  LIGHTHOUSE_LOADS,
  LIGHTHOUSE_RUNS,
  lighthouseRoutes,
  lighthouseTable,
  measureWithFloors,
  selectRoutes,
} from "./lighthouse.mjs";
import { loadSection, measureLoad } from "./load.mjs";
import { mainRoutes, measureRenderCost, renderCostTable } from "./render-cost.mjs";
import { measureLongPost } from "./render-long-post.mjs";
import { BENCH_PORT, machine, startRenderingServer, startServer, workerRuntimePid } from "./server.mjs";
import {
  BUDGETS,
  frameworkFloor,
  initialLoad,
  inlineCss,
  kb,
  MAIN_ROUTES,
  readManifest,
  totalClientJs,
} from "./size.mjs";
import {
  measureThroughput,
  THROUGHPUT_SERVERS,
  throughputTable,
  throughputTargets,
  WRK_SETTINGS,
} from "./throughput.mjs";
import { requireWrk } from "./wrk.mjs";

// `npm run bench -- scale [--sizes 1000,10000]`: the scale bench alone (bench/scale.mjs).
if (process.argv[2] === "scale") {
  await import("./scale.mjs");
  process.exit(0);
}
// `npm run bench -- <name> [args]`: one script of bench/ alone (`throughput`, `lighthouse`,
// `decompose`, `profile`…) on the last build, with its own arguments.
if (process.argv[2] && !process.argv[2].startsWith("-")) {
  const script = join(import.meta.dirname, `${process.argv[2]}.mjs`);
  if (!existsSync(script)) throw new Error(`no bench/${process.argv[2]}.mjs`);
  const { status } = spawnSync(process.execPath, [script, ...process.argv.slice(3)], { stdio: "inherit" });
  process.exit(status ?? 1);
}

const RESULTS = join(ROOT, "bench", "results.md");
const SETTLE_MS = 5000;
const ATTEMPTS = 2;
const started = new Date();
const host = machine();
const log = (s) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0)} s] ${s}`);
const argv = process.argv.slice(2);
const flag = (name) => {
  const i = argv.indexOf(name);
  return i === -1 ? undefined : argv[i + 1];
};
const soak = flag("--soak") ? Number(flag("--soak")) : undefined;
const only = flag("--only")?.split(",");
// The throughput and load sections drive wrk: a machine without it gets it, or is told how, before
// the build.
if (["Throughput", "Load"].some((name) => !only || only.includes(name))) requireWrk(log);

/** A server of the build; wrangler keeps working for a few seconds after its first answer. */
async function settled(start) {
  const server = await start();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return server;
}

/** Runs `fn` with the servers it starts, stopping them whatever happens. */
async function withServers(starts, fn) {
  const servers = [];
  try {
    for (const start of starts) servers.push(await settled(start));
    return await fn(...servers);
  } finally {
    for (const server of servers) server.stop();
  }
}

let routesCache;
async function routesOf(url) {
  routesCache ??= await mainRoutes(url);
  return routesCache;
}

const SECTIONS = {
  Size: async () => {
    const manifest = readManifest();
    const sizes = MAIN_ROUTES.map(([path, id]) => ({ path, ...initialLoad(id, manifest) }));
    const deploy = spawnSync(process.execPath, [join(ROOT, "scripts", "deploy-check.mjs")], {
      encoding: "utf8",
      cwd: ROOT,
    });
    const workerLine = deploy.stdout.match(/Worker bundle: .+/)?.[0];
    if (!workerLine) throw new Error(`deploy-check failed: ${deploy.stderr || deploy.stdout}`);
    return {
      sizes,
      total: totalClientJs(),
      floor: frameworkFloor(manifest),
      css: inlineCss(),
      workerLine,
      workerGzipKiB: Number(workerLine.match(/([\d.]+) KiB gzip/)?.[1]),
    };
  },
  "Render cost": () =>
    withServers([startRenderingServer], async (rendering) =>
      measureRenderCost({
        url: rendering.url,
        pid: workerRuntimePid(rendering, BENCH_PORT + 2),
        routes: await routesOf(rendering.url),
      }),
    ),
  "Rich post": () => measureLongPost(),
  Throughput: () =>
    withServers(THROUGHPUT_SERVERS, (...servers) => measureThroughput(throughputTargets(...servers))),
  Lighthouse: () =>
    withServers([startServer], async (pages) =>
      measureWithFloors({
        url: pages.url,
        routes: selectRoutes(await lighthouseRoutes(pages.url)),
        port: BENCH_PORT + 20,
        log,
      }),
    ),
  Images: () => measureImages({ log }),
  Load: () =>
    measureLoad({
      duration: soak ?? undefined,
      port: BENCH_PORT + 6,
      inspectorPort: BENCH_PORT + 7,
      log,
    }),
};

if (!argv.includes("--no-build")) {
  log("production build");
  build();
}

/** name → { ok, value, error, attempts, load: { before, after } } */
const outcomes = {};
for (const [name, measure] of Object.entries(SECTIONS)) {
  if (only && !only.includes(name)) continue;
  const before = loadavg();
  const errors = [];
  let value;
  for (let attempt = 1; attempt <= ATTEMPTS && value === undefined; attempt++) {
    log(`${name}${attempt > 1 ? ` (attempt ${attempt})` : ""}`);
    try {
      value = await measure();
    } catch (error) {
      errors.push(error);
      log(
        `${name} failed: ${String(error?.stack ?? error)
          .split("\n")
          .slice(0, 3)
          .join(" / ")}`,
      );
    }
  }
  outcomes[name] = {
    ok: value !== undefined,
    value,
    errors,
    attempts: errors.length + (value === undefined ? 0 : 1),
    load: { before, after: loadavg() },
  };
}

// ── budgets ─────────────────────────────────────────────────────────────────────────────
const got = (name) => (outcomes[name]?.ok ? outcomes[name].value : undefined);
const size = got("Size");
const render = got("Render cost");
const throughput = got("Throughput");
const lighthouse = got("Lighthouse");
const notMeasured = (name) => [`not measured (${outcomes[name] ? "section failed" : "not run"})`, undefined];
const earlier = earlierBudgets(existsSync(RESULTS) ? readFileSync(RESULTS, "utf8") : "");
const budgetRows = [];
/**
 * A budget's row. One whose section this run left out (`--only`) keeps what the last run that
 * measured it found, with that run's date and its mark, and counts neither way in this run.
 */
const budget = (name, target, [value, ok]) => {
  const before = earlier.get(name);
  if (value === notMeasured(null)[0] && before)
    budgetRows.push([name, target, before.value, undefined, before.mark]);
  else budgetRows.push([name, target, value, ok]);
};
{
  const home = size?.sizes.find((s) => s.path === "/");
  const maxCss = size && Math.max(...size.sizes.map((s) => s.css));
  budget(
    "Initial JS for / (gzip)",
    "≤ 130 KB",
    size ? [kb(home.js), home.js <= BUDGETS.homeJs] : notMeasured("Size"),
  );
  budget("CSS per page (gzip)", "≤ 20 KB", size ? [kb(maxCss), maxCss <= BUDGETS.css] : notMeasured("Size"));
  budget(
    "Worker bundle (gzip)",
    "≤ 1024 KiB",
    size ? [`${size.workerGzipKiB} KiB`, size.workerGzipKiB <= 1024] : notMeasured("Size"),
  );
  const row = (prefix) => throughput?.find((r) => r.name.startsWith(prefix));
  const pct = (r) => `${(r.ratio * 100).toFixed(0)}%`;
  budget(
    "Cached SSR page vs static asset (requests/s)",
    "≥ 80%",
    throughput
      ? [pct(row("Cached SSR page (page cache)")), row("Cached SSR page (page cache)").ratio >= 0.8]
      : notMeasured("Throughput"),
  );
  // Judged against the trivial route with error reporting instead (the next row, docs/decisions/101):
  // the ratio to the static asset is shown, and only a lost transaction fails it.
  budget(
    "The same with error reporting on (SENTRY_DSN set, every request traced)",
    "every transaction arrives; its speed: the next row",
    throughput
      ? [
          `${pct(row("Cached SSR page, error reporting"))} of the static asset; ${row("Cached SSR page, error reporting").sink}`,
          row("Cached SSR page, error reporting").complete,
        ]
      : notMeasured("Throughput"),
  );
  budget(
    "Cached SSR page with error reporting vs the trivial Worker route with error reporting, by the Worker runtime's CPU per request (docs/decisions/101, 119)",
    "≥ 90%",
    throughput
      ? (() => {
          const { floorRatio, cpuRatio } = row("Cached SSR page, error reporting");
          if (cpuRatio === undefined) return ["runtime CPU not measured", false];
          return [
            `${(cpuRatio * 100).toFixed(0)}% (median of the rounds; by requests/s through wrangler's proxy ${(floorRatio * 100).toFixed(0)}%)`,
            cpuRatio >= 0.9,
          ];
        })()
      : notMeasured("Throughput"),
  );
  budget(
    "SSR page rendered, content from KV, vs static asset",
    "≥ 35%",
    throughput
      ? [pct(row("SSR page rendered")), row("SSR page rendered").ratio >= 0.35]
      : notMeasured("Throughput"),
  );
  const worstMedian = render?.reduce((a, b) => (a.render.median > b.render.median ? a : b));
  const worstP95 = render?.reduce((a, b) => (a.render.p95 > b.render.p95 ? a : b));
  budget(
    "SSR render CPU, median (worst route)",
    "≤ 5 ms",
    render
      ? [`${worstMedian.render.median.toFixed(2)} ms (${worstMedian.name})`, worstMedian.render.median <= 5]
      : notMeasured("Render cost"),
  );
  budget(
    "SSR render CPU, p95 (worst route)",
    "≤ 6 ms",
    render
      ? [`${worstP95.render.p95.toFixed(2)} ms (${worstP95.name})`, worstP95.render.p95 <= 6]
      : notMeasured("Render cost"),
  );
  const richPost = got("Rich post");
  budget(
    "SSR render CPU of a 5,000-word post with 10 photos and 5 embeds against the same words in plain paragraphs (medians, same run)",
    "≤ 1.5x",
    richPost
      ? [
          `${richPost.ratio.toFixed(2)}x (${richPost.rows[1].render.median.toFixed(2)} ms against ${richPost.rows[0].render.median.toFixed(2)} ms)`,
          richPost.ratio <= 1.5,
        ]
      : notMeasured("Rich post"),
  );
  budget(
    "Lighthouse mobile: accessibility, best practices and SEO 100, three runs",
    "every route",
    lighthouse ? lighthouseBudget(lighthouse, CATEGORIES.slice(1)) : notMeasured("Lighthouse"),
  );
  budget(
    "Lighthouse mobile performance of each main route against the framework floor of the same run (bench/decisions/100-lighthouse-floors.md)",
    `TBT ≤ floor + ${FLOOR_TBT_MS} ms, score ≥ floor − ${FLOOR_SCORE_POINTS}, all three runs`,
    lighthouse ? floorBudget(floorRows(lighthouse)) : notMeasured("Lighthouse"),
  );
  const images = got("Images");
  for (const [name, target, judge] of imageBudgets)
    budget(name, target, images ? judge(images) : notMeasured("Images"));
}
const mark = (ok) => (ok === undefined ? "–" : ok ? "met" : "**missed**");

const when = `${started.toISOString().slice(0, 16).replace("T", " ")} UTC`;
const la = (l) => l.map((x) => x.toFixed(2)).join(", ");
const machineLine = `${host.model}, ${host.cores} cores, ${host.memGiB} GiB, Node ${host.node}; load average ${host.load} at the start`;
/** A section's text: its figures, or that it failed and why; either way the load around it. */
function section(name, lines) {
  const outcome = outcomes[name];
  const loadLine = `Load average (1, 5, 15 min) ${la(outcome.load.before)} before this section, ${la(outcome.load.after)} after${outcome.attempts > 1 ? `; measured on attempt ${outcome.attempts}` : ""}.`;
  if (outcome.ok) return [...lines(outcome.value), "", loadLine];
  return [
    `**Failed** in the run of ${when} (${ATTEMPTS} attempts); the other sections of that run are its figures. The errors:`,
    "",
    ...outcome.errors.map(
      (e) =>
        `- \`${String(e?.message ?? e)
          .split("\n")[0]
          .slice(0, 300)
          .replaceAll("`", "'")}\``,
    ),
    "",
    loadLine,
  ];
}
const sections = {
  "Budgets (docs/decisions/019)": [
    `Measured ${when} by \`node bench/run.mjs\` on ${machineLine}. Production build (NODE_ENV=production) under \`wrangler dev\` on 127.0.0.1. Targets: docs/decisions/019 and docs/decisions/037.${only ? ` That run measured ${only.length > 1 ? `${only.slice(0, -1).join(", ")} and ${only.at(-1)}` : only[0]} only; the other rows give the last run that measured them, with its date.` : ""}`,
    "",
    "| Budget | Target | Measured | |",
    "| --- | --- | --- | --- |",
    ...budgetRows.map(
      ([name, target, value, ok, kept]) => `| ${name} | ${target} | ${value} | ${kept ?? mark(ok)} |`,
    ),
  ],
};
if (outcomes.Throughput)
  sections.Throughput = section("Throughput", (rows) => [
    `\`node bench/throughput.mjs\`. ${WRK_SETTINGS}; \`Accept-Encoding: identity\`, a desktop browser's user agent. Four servers of the same build and database: the page cache on (static asset, cached page, /api/search), the same with SENTRY_DSN set (a local sink counts the envelopes: every request is traced, docs/product.md section 9, and each transaction must arrive), PAGE_CACHE=off (the page rendered on every request, its content from the KV edge cache), and no KV binding (every request renders and reads D1). A figure is the median of the rounds; a ratio is the median of the per-round ratios to the static asset. Each timed run also reads from /proc the CPU time per answered request of the Worker's runtime and of wrangler's entry proxy (a traced target's once the sink is quiet); a cached page is judged against the trivial route of its server by the runtime's CPU (bench/decisions/119-throughput-judged-by-the-runtimes-cpu.md).`,
    "",
    throughputTable(rows),
    ...rows.filter((r) => r.sink).map((r) => `\n- ${r.name}: ${r.sink}.`),
  ]);
if (outcomes["Render cost"])
  sections["Render cost"] = section("Render cost", (rows) => [
    "`node bench/render-cost.mjs`. CPU time charged by the kernel (schedstat, all threads) to the workerd process that runs the Worker (PAGE_CACHE=off, so every page renders), one request at a time, edge cache warm, 100 pairs per route after 20 warm-up pairs. Render CPU = page request − React Router data request (`.data`: same middleware, loaders and serialisation, no React) for the same URL, pair by pair. The request columns include what that process also runs locally: the assets router and the KV/D1 simulators. The same pairs are also read for the process's main thread alone (where workerd runs JavaScript; thread id = process id): the rest is V8's background threads (concurrent garbage collection, optimising compilation) and workerd's I/O threads.",
    "",
    renderCostTable(rows),
  ]);
if (outcomes["Rich post"])
  sections["Rich post"] = section("Rich post", (v) => [
    "`node bench/render-long-post.mjs`. The demo store with two posts of the same 5,000 words imported from content files: one in plain paragraphs, the other as a long feature is written (5 headings, 5 lists, 5 quotes, emphasis, strong and a link in every paragraph, 10 of the demo's photos as figures, 5 embedded tracks: Spotify, YouTube, SoundCloud, Bandcamp, Mixcloud). Render CPU measured as in Render cost (PAGE_CACHE=off, 100 pairs a post after 20 warm-up pairs).",
    "",
    renderCostTable(v.rows),
    "",
    `The rich post renders in ${v.ratio.toFixed(2)}x the plain post's CPU (medians).`,
  ]);
if (outcomes.Size)
  sections.Size = section("Size", (v) => [
    "`node bench/size.mjs` (also the `size` lane of `npm test`). What a page loads before hydration, from React Router's manifest: entry + its imports + the manifest + root + route module and their static imports, each file gzip -9. CSS is the stylesheet inlined in the document head.",
    "",
    "| Route | Initial JS (gzip) | JS files | CSS (gzip) |",
    "| --- | ---: | ---: | ---: |",
    ...v.sizes.map((s) => `| ${s.path} | ${kb(s.js)} | ${s.jsFiles} | ${kb(s.css)} |`),
    "",
    `- Loaded by every page (the entry chunk and its imports: React, React DOM, React Router, Jotai and our shared components, one chunk since vite.config.ts groups them): ${kb(v.floor)} gzip`,
    `- Inline stylesheet: ${kb(v.css.raw)} raw, ${kb(v.css.gzip)} gzip`,
    `- Total client JavaScript: ${v.total.files} files, ${kb(v.total.raw)} raw, ${kb(v.total.gzip)} gzip`,
    `- ${v.workerLine}`,
  ]);
if (outcomes.Lighthouse)
  sections.Lighthouse = section("Lighthouse", (rows) => [
    `\`node bench/lighthouse.mjs\`. Lighthouse ${lighthouseVersion()} (npm), Debian's ${chromiumVersion()} (CHROME_PATH=/usr/bin/chromium), default mobile settings: emulated Moto G Power, simulated slow 4G, 4x CPU slowdown. ${LIGHTHOUSE_RUNS} consecutive runs over the routes; in each, a main route is loaded ${LIGHTHOUSE_LOADS} times, turn about with its framework floor, and its row is the load Lighthouse's \`computeMedianRun\` picks (bench/decisions/117-lighthouse-median-of-five-loads.md); a load that fails (e.g. NO_NAVSTART) is retried once. Reports in tests/.artifacts/lighthouse/.`,
    "",
    lighthouseTable(rows),
    "",
    `Floors of the same run (bench/floors.mjs, bench/decisions/100-lighthouse-floors.md), right after each main route: the framework floor (a bare React Router app, bench/floor/, server-rendering and hydrating the same elements with none of the site's components, served by Node) and the limit (the route's HTML with every script left out, served by Node with the site's headers). The target: the median of the site's TBT at most ${FLOOR_TBT_MS} ms above the median of the framework floor's and the median of its performance score at most ${FLOOR_SCORE_POINTS} points below, in each run (the limit is loaded once a run).`,
    "",
    floorTable(rows),
  ]);
if (outcomes.Images) sections.Images = section("Images", imagesLines);
if (outcomes.Load) sections.Load = section("Load", (v) => loadSection(v).lines);

writeFileSync(RESULTS, mergeSections(existsSync(RESULTS) ? readFileSync(RESULTS, "utf8") : "", sections));
// Formatted as `npm test`'s lint lane expects (Biome aligns the tables).
run("biome", ["format", "--write", RESULTS], { quiet: true });
log(`wrote ${RESULTS}`);
for (const [name, outcome] of Object.entries(outcomes))
  console.log(`${outcome.ok ? "✔" : "✖"} section ${name}${outcome.ok ? "" : ": failed"}`);
for (const [name, target, value, ok] of budgetRows)
  console.log(`${ok === undefined ? "–" : ok ? "✔" : "✖"} ${name} ${target}: ${value}`);
const loadFailed = outcomes.Load?.ok && loadSection(outcomes.Load.value).failed;
if (Object.values(outcomes).some((o) => !o.ok) || budgetRows.some(([, , , ok]) => ok === false) || loadFailed)
  process.exitCode = 1;

/** Per category: in how many runs it scored 100, and the lowest score with where it was. */
function lighthouseBudget(all, categories = CATEGORIES) {
  const rows = all.filter((r) => (r.variant ?? "site") === "site");
  const done = rows.filter((r) => !r.error);
  const failed = rows.filter((r) => r.error).map((r) => `${r.name} run ${r.run} failed`);
  const parts = categories.map((c) => {
    const full = done.filter((r) => r.scores[c] === 100).length;
    if (full === done.length) return `${c} 100 in all ${done.length}`;
    const low = done.reduce((a, b) => (b.scores[c] < a.scores[c] ? b : a));
    const why = low.failingBy[c].length ? `, ${low.failingBy[c].join(", ")} under 0.9` : "";
    return `${c} 100 in ${full} of ${done.length} (lowest ${low.scores[c]}: ${low.name} run ${low.run}${why})`;
  });
  const ok = failed.length === 0 && done.every((r) => categories.every((c) => r.scores[c] === 100));
  return [[...parts, ...failed].join("; "), ok];
}

/** How many route-runs were within the framework floor's margins, and the worst differences. */
function floorBudget(rows) {
  if (rows.length === 0) return ["no floor measured", false];
  const met = rows.filter((r) => r.met).length;
  const measured = rows.filter((r) => r.tbt !== undefined);
  const worstTbt = measured.reduce((a, b) => (b.tbt > a.tbt ? b : a), measured[0]);
  const worstScore = measured.reduce((a, b) => (b.score < a.score ? b : a), measured[0]);
  const worst = worstTbt
    ? `; worst TBT +${Math.round(worstTbt.tbt)} ms (${worstTbt.name} run ${worstTbt.run}), worst score ${worstScore.score} (${worstScore.name} run ${worstScore.run})`
    : "";
  return [`${met} of ${rows.length} route-runs within${worst}`, met === rows.length];
}

function lighthouseVersion() {
  return JSON.parse(readFileSync(join(ROOT, "node_modules", "lighthouse", "package.json"), "utf8")).version;
}

/** Replaces (or appends) this script's "## " sections, keeping every other section in place. */
/**
 * The rows of results.md's budgets table, by name: what each measured (dated with the run that
 * measured it, when the cell is not dated yet) and its mark.
 */
function earlierBudgets(text) {
  const rows = new Map();
  const part = text.split("\n## ").find((p) => p.startsWith("Budgets"));
  if (!part) return rows;
  const date = /^Measured (\d{4}-\d\d-\d\d \d\d:\d\d) UTC/m.exec(part)?.[1];
  for (const line of part.split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    if (cells.length < 6 || cells[1] === "Budget" || cells[1].startsWith("---")) continue;
    const [, name, , value, mark] = cells;
    if (value.startsWith("not measured")) continue;
    const dated = / on \d{4}-\d\d-\d\d/.test(value) || !date ? value : `${value} on ${date}`;
    rows.set(name, { value: dated, mark });
  }
  return rows;
}

function mergeSections(text, ours) {
  const title = "# Benchmark results";
  const parts = text.split(/^(?=## )/m);
  const preamble =
    parts[0].trim() || `${title}\n\nThe last run of each benchmark in bench/ (README.md, "Benchmarks").`;
  const kept = parts.slice(1).filter((p) => !(p.match(/^## (.+)/)?.[1].trim() in ours));
  const mine = Object.entries(ours).map(([name, lines]) => `## ${name}\n\n${lines.join("\n")}\n`);
  return `${[preamble, ...mine, ...kept.map((p) => p.trim())].join("\n\n").trim()}\n`;
}
