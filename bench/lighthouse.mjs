// `node bench/lighthouse.mjs`: Lighthouse (npm `lighthouse`, Debian's Chromium through
// CHROME_PATH) with its default mobile settings (emulated Moto G Power, simulated slow 4G and 4x
// CPU slowdown) on eight routes of the production build (the main routes, /events and /genres),
// all four categories, one route at a time, LIGHTHOUSE_RUNS (3) consecutive runs over them all.
// A run Lighthouse itself fails (e.g. NO_NAVSTART on a busy machine) is tried once more; one that
// fails again is a row saying so, never the loss of the other rows. JSON reports go to
// tests/.artifacts/lighthouse/. `LIGHTHOUSE_ROUTES=/blog,/events node bench/lighthouse.mjs` runs
// only the named routes (a route's name, e.g. "a post", or its path); LIGHTHOUSE_ASSETS=1 keeps
// each run's trace beside its report; LIGHTHOUSE_THROTTLING=devtools applies the slow network
// and CPU while the page loads instead of simulating them. A main route is loaded
// LIGHTHOUSE_LOADS (5) times in each run, turn about with its framework floor, and judged by
// the median of its loads (bench/decisions/117-lighthouse-median-of-five-loads.md).
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { ROOT } from "../scripts/lib.mjs";
import { buildFloorApp, startFloorServers } from "./floors.mjs";
import { mainRoutes } from "./render-cost.mjs";
import { BENCH_PORT, startServer } from "./server.mjs";

const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const OUT = join(ROOT, "tests", ".artifacts", "lighthouse");
export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
export const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/**
 * Loads of a main route and of its framework floor in each run (bench/decisions/117-lighthouse-median-of-five-loads.md): a single
 * load's blocking time swings by about 100 ms on either side, and Lighthouse's own guidance is
 * the median of five.
 */
export const LIGHTHOUSE_LOADS = Number(process.env.LIGHTHOUSE_LOADS ?? 5);

/** The main routes (real slugs from the running site), /events and /genres. */
export async function lighthouseRoutes(url) {
  return [...(await mainRoutes(url)), ["/events", "/events"], ["/genres", "/genres"]];
}

/** The routes LIGHTHOUSE_ROUTES names (by name or path), or all of them when it is unset. */
export function selectRoutes(routes, only = process.env.LIGHTHOUSE_ROUTES) {
  if (!only) return routes;
  const wanted = only.split(",").map((w) => w.trim());
  const chosen = routes.filter(([name, path]) => wanted.includes(name) || wanted.includes(path));
  if (chosen.length === 0)
    throw new Error(`LIGHTHOUSE_ROUTES=${only} names none of ${routes.map((r) => r[1]).join(" ")}`);
  return chosen;
}

/**
 * One Lighthouse run; returns scores (0-100), key metrics and the failing audits' titles. It
 * runs asynchronously: the floors' servers (bench/floors.mjs) answer from this process meanwhile.
 */
export async function lighthouse(url, name, runNumber = 1, load = undefined) {
  try {
    return await lighthouseOnce(url, name, runNumber, load);
  } catch (error) {
    // Lighthouse now and then fails to record a load's trace (NO_NAVSTART, "Please run
    // Lighthouse again"): that load is run once more; any other failure stands.
    if (!/NO_NAVSTART|run Lighthouse again/.test(String(error?.message))) throw error;
    console.log(`[lighthouse] ${url}: the trace was not recorded (NO_NAVSTART), loaded once more`);
    return lighthouseOnce(url, name, runNumber, load);
  }
}

async function lighthouseOnce(url, name, runNumber, load) {
  mkdirSync(OUT, { recursive: true });
  const slug = name.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
  const report = join(OUT, `${slug}-run${runNumber}${load ? `-load${load}` : ""}.json`);
  const run = await spawnAsync(
    join(ROOT, "node_modules", ".bin", "lighthouse"),
    [
      url,
      "--quiet",
      "--output=json",
      `--output-path=${report}`,
      `--only-categories=${CATEGORIES.join(",")}`,
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
      // LIGHTHOUSE_ASSETS=1: the trace and DevTools log beside the report, to read what a task was.
      ...(process.env.LIGHTHOUSE_ASSETS === "1" ? ["--save-assets"] : []),
      // LIGHTHOUSE_THROTTLING=devtools: the slow network and CPU applied while the page loads
      // and timed as they happen, instead of simulated from a fast load (bench/decisions/114-lighthouse-applied-throttling-and-main-thread.md).
      ...(process.env.LIGHTHOUSE_THROTTLING === "devtools" ? ["--throttling-method=devtools"] : []),
    ],
    { ...process.env, CHROME_PATH },
  );
  if (run.status !== 0) throw new Error(`lighthouse ${url} failed: ${run.stderr.trim().split("\n").at(-1)}`);
  const lhr = JSON.parse(readFileSync(report, "utf8"));
  // A page Lighthouse could not load still writes a report, with a runtimeError.
  if (lhr.runtimeError)
    throw new Error(`lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  );
  const metric = (id) => lhr.audits[id]?.numericValue;
  const failingIn = (category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((r) => r.weight > 0)
      .map((r) => lhr.audits[r.id])
      .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative")
      .map((a) => a.id);
  const failingBy = Object.fromEntries(CATEGORIES.map((c) => [c, failingIn(c)]));
  const failing = CATEGORIES.flatMap((c) => failingBy[c]);
  return {
    scores,
    fcp: metric("first-contentful-paint"),
    lcp: metric("largest-contentful-paint"),
    tbt: metric("total-blocking-time"),
    interactive: metric("interactive"),
    cls: metric("cumulative-layout-shift"),
    failing: [...new Set(failing)],
    failingBy,
    ...diagnose(lhr, url),
  };
}

/** A child process to its end: its exit status and what it wrote to stderr. */
function spawnAsync(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", (error) => resolve({ status: 1, stderr: String(error) }));
    child.on("close", (status) => resolve({ status, stderr }));
  });
}

/**
 * What decided a run's LCP and TBT (bench/decisions/049-lighthouse-on-this-machine.md):
 * - `scripts`: how many script requests had ended before the LCP observed in the unthrottled
 *   load, of all. Lighthouse's simulated LCP keeps every such request on its critical path; it
 *   can leave out a script only when it sees the script evaluated after that paint, and Chromium
 *   traces no evaluation for ES modules (all of ours), so whether the modules arrive before the
 *   observed paint on 127.0.0.1 decides whether they count.
 * - `longTasks`: the three longest main-thread tasks of the simulation (observed × 4 CPU
 *   slowdown), with what Lighthouse attributes them to: TBT is what they last beyond 50 ms.
 * - `benchmarkIndex`: Lighthouse's measure of the machine's speed for that run.
 */
export function diagnose(lhr, pageUrl) {
  const observed = lhr.audits.metrics?.details?.items?.[0];
  const requests = lhr.audits["network-requests"]?.details;
  let scripts;
  if (observed?.observedLargestContentfulPaint !== undefined && requests?.items) {
    // Request times count from the first request's start, the observed paint from the
    // navigation's time origin.
    const offsetMs =
      ((requests.debugData?.networkStartTimeTs ?? observed.observedTimeOriginTs) -
        observed.observedTimeOriginTs) /
      1000;
    const all = requests.items.filter((r) => r.resourceType === "Script");
    const before = all.filter((r) => r.networkEndTime + offsetMs <= observed.observedLargestContentfulPaint);
    scripts = { total: all.length, beforeLcp: before.length };
  }
  const tasks = [...(lhr.audits["long-tasks"]?.details?.items ?? [])].sort((a, b) => b.duration - a.duration);
  const label = (url) => {
    if (!url || url === "Unattributable") return "unattributed";
    if (url === pageUrl) return "document";
    return new URL(url).pathname.split("/").pop() || url;
  };
  return {
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    scripts,
    longTasks: tasks.slice(0, 3).map((t) => ({ what: label(t.url), ms: Math.round(t.duration) })),
  };
}

/**
 * Every route, `runs` times over; a failed load is retried once, then kept as a failed row. With
 * `floors` ({ limit, framework, paths }: bench/floors.mjs), each route of `paths` is loaded
 * `loads` times in the run, turn about with the framework floor (site, floor, site, floor…),
 * then once on the limit (its HTML without scripts): those rows carry `variant` "framework" or
 * "limit" and the site's "site", each with its `load` number.
 */
export async function measureLighthouse({
  url,
  routes,
  runs = LIGHTHOUSE_RUNS,
  loads = LIGHTHOUSE_LOADS,
  log = () => {},
  floors,
}) {
  const rows = [];
  const once = async (name, path, run, variant, base, load) => {
    for (let attempt = 1; ; attempt++) {
      try {
        const named = name === "/" ? "home" : name;
        const slug = variant === "site" ? named : `${named}-${variant}`;
        return { name, path, run, load, variant, ...(await lighthouse(`${base}${path}`, slug, run, load)) };
      } catch (error) {
        log(
          `Lighthouse ${variant} ${path} run ${run}${load ? ` load ${load}` : ""} attempt ${attempt}: ${error.message}`,
        );
        if (attempt === 2) return { name, path, run, load, variant, error: error.message };
      }
    }
  };
  for (let run = 1; run <= runs; run++) {
    for (const [name, path] of routes) {
      if (!floors?.paths.includes(path)) {
        rows.push(await once(name, path, run, "site", url));
        continue;
      }
      for (let load = 1; load <= loads; load++) {
        rows.push(await once(name, path, run, "site", url, load));
        rows.push(await once(name, path, run, "framework", floors.framework, load));
      }
      rows.push(await once(name, path, run, "limit", floors.limit));
    }
  }
  if (rows.every((r) => r.error)) throw new Error(`every Lighthouse run failed: ${rows[0].error}`);
  return rows;
}

/** Targets against the framework floor (bench/decisions/100-lighthouse-floors.md): TBT within this, score within that. */
export const FLOOR_TBT_MS = 100;
export const FLOOR_SCORE_POINTS = 3;

/** Rows grouped by route and run, in the order they were measured. */
function byRouteAndRun(rows) {
  const groups = new Map();
  for (const r of rows) {
    const key = `${r.path}\u0000${r.run}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(r);
  }
  return [...groups.values()];
}

/** The median; of an even count, the mean of the middle two (as Lighthouse's median-run.js takes it). */
function medianOf(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * A variant's loads of one route in one run as one figure (bench/decisions/117-lighthouse-median-of-five-loads.md): the median of
 * their performance scores and of their TBTs, with how many loads it is of. Failed loads are
 * left out and counted; if every load failed, the first error.
 */
export function medianOfLoads(loads) {
  if (loads.length === 0) return undefined;
  const done = loads.filter((r) => !r.error);
  const failed = loads.length - done.length;
  if (done.length === 0) return { ...loads[0], loads: loads.length, failed };
  return {
    ...done[0],
    scores: { performance: medianOf(done.map((r) => r.scores.performance)) },
    tbt: medianOf(done.map((r) => r.tbt)),
    loads: done.length,
    failed,
  };
}

const within = (site, framework) =>
  site.scores.performance - framework.scores.performance >= -FLOOR_SCORE_POINTS &&
  site.tbt - framework.tbt <= FLOOR_TBT_MS;

/**
 * Per route and run, the site beside its two floors of the same run: the median of the site's
 * loads against the median of the framework floor's (score and TBT as differences), the limit's
 * own figures, and how many single loads were within the margins of the floor's load taken
 * right after them (`pairs`).
 */
export function floorRows(rows) {
  const out = [];
  for (const group of byRouteAndRun(rows)) {
    const of = (variant) => group.filter((r) => r.variant === variant);
    const siteLoads = of("site");
    const frameworkLoads = of("framework");
    if (siteLoads.length === 0 || frameworkLoads.length === 0) continue;
    const site = medianOfLoads(siteLoads);
    const framework = medianOfLoads(frameworkLoads);
    const limit = medianOfLoads(of("limit"));
    const ok = !site.error && !framework.error;
    const score = ok ? site.scores.performance - framework.scores.performance : undefined;
    const tbt = ok ? site.tbt - framework.tbt : undefined;
    const paired = siteLoads
      .map((s) => [s, frameworkLoads.find((f) => f.load === s.load)])
      .filter(([s, f]) => f && !s.error && !f.error);
    out.push({
      name: site.name,
      path: site.path,
      run: site.run,
      site,
      framework,
      limit,
      score,
      tbt,
      met: ok && within(site, framework),
      pairs: { within: paired.filter(([s, f]) => within(s, f)).length, of: paired.length },
    });
  }
  return out;
}

/**
 * The site's rows to show one per route and run: where a route had several loads, the one
 * Lighthouse's `computeMedianRun` picks (nearest the median FCP and time to interactive).
 */
export function representativeRows(rows) {
  const out = [];
  for (const loads of byRouteAndRun(rows.filter((r) => (r.variant ?? "site") === "site"))) {
    const done = loads.filter((x) => !x.error && Number.isFinite(x.fcp) && Number.isFinite(x.interactive));
    if (loads.length === 1 || done.length === 0) {
      out.push(done[0] ?? loads[0]);
      continue;
    }
    const asReport = (x) => ({
      row: x,
      audits: {
        "first-contentful-paint": { numericValue: x.fcp },
        interactive: { numericValue: x.interactive },
      },
    });
    out.push({ ...computeMedianRun(done.map(asReport)).row, of: done.length });
  }
  return out;
}

export function floorTable(rows) {
  const lines = [
    "| Route | Run | Site: performance / TBT | Framework floor: performance / TBT | Limit (no scripts): performance / TBT | Site − framework: score / TBT | Within 3 points and 100 ms | Single loads within |",
    "| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: |",
  ];
  const num = (x) => (Number.isInteger(x) ? String(x) : x.toFixed(1));
  const cell = (r) => {
    if (!r) return "–";
    if (r.error) return "failed";
    const of = r.loads > 1 ? ` (median of ${r.loads}${r.failed ? `, ${r.failed} failed` : ""})` : "";
    return `${num(r.scores.performance)} / ${Math.round(r.tbt)} ms${of}`;
  };
  const signed = (x, unit = "") =>
    x === undefined
      ? "–"
      : `${x > 0 ? "+" : x < 0 ? "−" : "±"}${num(Math.abs(unit ? Math.round(x) : x))}${unit}`;
  for (const r of floorRows(rows))
    lines.push(
      `| ${r.name} (\`${r.path}\`) | ${r.run} | ${cell(r.site)} | ${cell(r.framework)} | ${cell(r.limit)} | ${signed(r.score)} / ${signed(r.tbt, " ms")} | ${r.met ? "yes" : "**no**"} | ${r.pairs.within} of ${r.pairs.of} |`,
    );
  return lines.join("\n");
}

export function lighthouseTable(rows) {
  const lines = [
    "| Route | Run | Performance | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS | Audits under 0.9 | Scripts loaded before the observed LCP | Longest tasks (simulated) |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | --- |",
  ];
  const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
  for (const r of representativeRows(rows)) {
    if (r.error) {
      lines.push(
        `| ${r.name} (\`${r.path}\`) | ${r.run} | failed twice: ${r.error.replaceAll("|", "/").slice(0, 200)} | | | | | | | | | | |`,
      );
      continue;
    }
    const { performance, accessibility, seo } = r.scores;
    lines.push(
      `| ${r.name} (\`${r.path}\`) | ${r.run}${r.of ? ` (load ${r.load}, the median of ${r.of})` : ""} | ${performance} | ${accessibility} | ${r.scores["best-practices"]} | ${seo} | ${s(r.fcp)} | ${s(r.lcp)} | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${r.failing.join(", ") || "none"} | ${r.scripts ? `${r.scripts.beforeLcp} of ${r.scripts.total}` : "–"} | ${(r.longTasks ?? []).map((t) => `${t.what} ${t.ms} ms`).join(", ") || "none"} |`,
    );
  }
  const speeds = rows.map((r) => r.benchmarkIndex).filter((b) => typeof b === "number");
  if (speeds.length > 0)
    lines.push(
      "",
      `Lighthouse's benchmark index of this machine (higher is faster) ranged ${Math.round(Math.min(...speeds))}-${Math.round(Math.max(...speeds))} over these runs.`,
    );
  return lines.join("\n");
}

/** The version of the Chromium Lighthouse drives (its user agent only gives the major version). */
export function chromiumVersion() {
  const run = spawnSync(CHROME_PATH, ["--version"], { encoding: "utf8" });
  return run.status === 0
    ? run.stdout.trim().replace(/ built on .*/, "")
    : `${CHROME_PATH} (version unknown)`;
}

/**
 * Lighthouse on the site's routes with the floors of the main routes in the same run
 * (bench/floors.mjs: the framework floor's app is built first). FLOORS=off leaves them out.
 */
export async function measureWithFloors({ url, routes, port, log = () => {} }) {
  if (process.env.FLOORS === "off") return measureLighthouse({ url, routes, log });
  const main = new Set((await mainRoutes(url)).map(([, path]) => path));
  const floorRoutes = routes.filter(([, path]) => main.has(path));
  buildFloorApp();
  const floors = await startFloorServers({ site: url, routes: floorRoutes, port });
  try {
    return await measureLighthouse({
      url,
      routes,
      log,
      floors: { ...floors, paths: floorRoutes.map(([, path]) => path) },
    });
  } finally {
    floors.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startServer();
  try {
    const rows = await measureWithFloors({
      url: server.url,
      routes: selectRoutes(await lighthouseRoutes(server.url)),
      port: BENCH_PORT + 20,
      log: console.log,
    });
    console.log(lighthouseTable(rows));
    console.log(floorTable(rows));
  } finally {
    server.stop();
  }
}
