// `node bench/main-thread.mjs [--runs N] [--paths /,/blog]`: what the main thread does while a
// page loads, on the site and on its two floors of the same moment (bench/floors.mjs: the limit,
// the HTML with no scripts; the framework floor, a bare React Router app hydrating the same
// elements). Debian's Chromium, a 412 px phone window, the CPU slowed 4x as Lighthouse's mobile
// preset does (DevTools emulation, not a simulation), no network throttling. Loads of the three
// take turns, so they meet the same moments of a noisy machine. Per load, from a trace: the
// blocking time of the main thread's tasks from the first byte parsed until 2 s after `load`
// (each task's time over 50 ms, as TBT counts it), the longest task, and where the time went
// (parsing, script by file, style, layout, paint), each event's own time. Prints the medians.
import { chromium } from "playwright-core";
import { buildFloorApp, startFloorServers } from "./floors.mjs";
import { BENCH_PORT, median, phonePage, startServer } from "./server.mjs";

const args = process.argv.slice(2);
const opt = (name) => args.flatMap((a, i) => (a === name ? [args[i + 1]] : []))[0];
const runs = Number(opt("--runs") ?? 10);
const paths = (opt("--paths") ?? "/,/blog").split(",");

/** The innermost event of these names owns the time under it (its own time). */
const KINDS = {
  ParseHTML: "parse",
  ParseAuthorStyleSheet: "style",
  UpdateLayoutTree: "style",
  Layout: "layout",
  PrePaint: "paint",
  Paint: "paint",
  Layerize: "paint",
  "v8.compile": "script",
  "v8.compileModule": "script",
  "v8.evaluateModule": "script",
  EvaluateScript: "script",
  FunctionCall: "script",
  RunMicrotasks: "script",
  TimerFire: "script",
  EventDispatch: "script",
  FireAnimationFrame: "script",
  GCEvent: "gc",
  MinorGC: "gc",
  MajorGC: "gc",
  "V8.GC_SCAVENGER": "gc",
};

/** A script's file as a short name: framework, app, site, inline… (hash and path dropped). */
const fileOf = (url) => {
  if (!url) return "inline or unattributed";
  const name = url.replace(/^.*\/assets\//, "").replace(/-[\w-]{8}\.js$/, "");
  return /^https?:/.test(name) ? "inline (document)" : name;
};

const server = await startServer();
buildFloorApp();
const floors = await startFloorServers({
  site: server.url,
  routes: paths.map((p) => [p, p]),
  port: BENCH_PORT + 20,
});
const targets = [
  ["site", server.url],
  ["framework floor", floors.framework],
  ["limit", floors.limit],
];
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium" });
try {
  for (const path of paths) {
    const seen = new Map(targets.map(([name]) => [name, []]));
    for (let run = 0; run < runs; run++)
      for (const [name, origin] of targets) seen.get(name).push(await load(`${origin}${path}`));
    console.log(`\n${path} (medians of ${runs} loads, CPU 4x)`);
    for (const [name, loads] of seen) {
      const med = (pick) => median(loads.map(pick)).toFixed(0);
      const kinds = [...new Set(loads.flatMap((l) => Object.keys(l.kinds)))].sort();
      const parts = kinds
        .map((k) => [k, median(loads.map((l) => l.kinds[k] ?? 0))])
        .filter(([, ms]) => ms >= 1)
        .sort((a, b) => b[1] - a[1])
        .map(([k, ms]) => `${k} ${ms.toFixed(0)}`)
        .join(", ");
      console.log(
        `  ${name}: blocking ${med((l) => l.blocking)} ms, longest task ${med((l) => l.longest)} ms, all tasks ${med((l) => l.total)} ms; ${parts}`,
      );
    }
  }
} finally {
  await browser.close();
  floors.stop();
  server.stop();
}

/** One load of `url` in a fresh phone-sized context with the CPU slowed 4x. */
async function load(url, tries = 3) {
  const { context, page } = await phonePage(browser, { cpuSlowdown: 4 });
  await browser.startTracing(page, {
    categories: [
      "toplevel",
      "devtools.timeline",
      "disabled-by-default-devtools.timeline",
      "v8",
      "v8.execute",
    ],
  });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(2000);
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  await context.close();
  // A trace now and then holds no parse of the document (cause not found): load again.
  const summary = summarise(events, url);
  if (summary) return summary;
  if (tries > 1) return load(url, tries - 1);
  throw new Error(`No parse of ${url} in its traces`);
}

/** Blocking time, longest task, all tasks and own time per kind on the page's main thread. */
function summarise(events, url) {
  const parse = events.find((e) => e.name === "ParseHTML" && e.ph === "X" && e.args?.beginData?.url === url);
  if (!parse) return undefined;
  const main = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === "X");
  const tasks = main.filter((e) => e.name === "RunTask" && e.ts + e.dur >= parse.ts);
  const blocking = tasks.reduce((t, e) => t + Math.max(0, e.dur / 1000 - 50), 0);
  const longest = tasks.reduce((t, e) => Math.max(t, e.dur / 1000), 0);
  const total = tasks.reduce((t, e) => t + e.dur / 1000, 0);
  // Own time: walk the nested events in order with a stack; each kind's event owns its span
  // less the spans of the kind events inside it.
  const kinds = {};
  const nested = main
    .filter((e) => KINDS[e.name] && e.ts + e.dur >= parse.ts)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const stack = [];
  const close = (until) => {
    while (stack.length && stack.at(-1).end <= until) stack.pop();
  };
  for (const e of nested) {
    close(e.ts);
    const kind = KINDS[e.name];
    const script = e.args?.data?.url || stack.at(-1)?.script;
    const key = kind === "script" ? `script: ${fileOf(script)}` : kind;
    const parent = stack.at(-1);
    if (parent) kinds[parent.key] = (kinds[parent.key] ?? 0) - e.dur / 1000;
    kinds[key] = (kinds[key] ?? 0) + e.dur / 1000;
    stack.push({ end: e.ts + e.dur, key, script });
  }
  return { blocking, longest, total, kinds };
}
