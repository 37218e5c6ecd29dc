// Load: 60 s at 50 connections over a mix of routes against the production build served on
// 127.0.0.1 (wrangler dev on build/server, the same as `npm start`). Records requests, errors,
// statuses, latency percentiles, the Worker's JavaScript heap (through its inspector: the floor
// of each HEAP_EVERY-second window, garbage included, and the live heap after forced full
// collections before the load, every LIVE_EVERY seconds under it and after it) and workerd's RSS
// in bench/results.md ("Load").
// A soak is the same run for longer: DURATION=600, or `npm run bench -- --soak 600`.
//
//   npm run build && node bench/load.mjs    # DURATION=60 CONNECTIONS=50 PORT=8895 (inspector PORT+1)
//
// Needs wrk (bench/wrk.mjs). The mix is the fixed routes below plus pages from
// the sitemap, so every kind of page is in it; the edge cache is warmed first, as a deployed
// site's would be.
import { execFile } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { prepareDatabase, ROOT, run, serve } from "../scripts/lib.mjs";
import { connectInspector } from "./inspector.mjs";
import { descendants } from "./server.mjs";
import { requireWrk } from "./wrk.mjs";

const DURATION = Number(process.env.DURATION ?? 60);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const PORT = Number(process.env.PORT ?? 8895);
/** Seconds between heap samples under load. */
const HEAP_EVERY = Number(process.env.HEAP_EVERY ?? 10);
/**
 * Seconds between readings of the live heap under load (after forced full collections); by
 * default about ten over the run, at least 30 s apart. Also read before the load and after it.
 */
const LIVE_EVERY = process.env.LIVE_EVERY ? Number(process.env.LIVE_EVERY) : undefined;
export const liveEvery = (duration) => Math.max(30, Math.round(duration / 10));
export const FIXED = [
  "/",
  "/blog",
  "/blog?category=interviews",
  "/blog/genre/techno",
  "/mixtapes",
  "/releases",
  "/events",
  "/genres",
  "/search?q=techno",
  "/api/search?q=house",
  "/api/suggest?q=de",
  "/rss.xml",
  "/no-such-page",
];

function rssKiB(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

const commName = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return "";
  }
};

/**
 * Serves the build with the inspector open, warms the edge cache, then runs wrk over the mix for
 * `duration` seconds while sampling workerd's RSS (every 0.5 s) and the Worker's JavaScript heap
 * (every second; each `heapEvery`-second window keeps its floor, what the isolate retains).
 */
/**
 * About `total` pages from the sitemap, spread over its files. /sitemap.xml is a sitemap index
 * (docs/decisions/032-embedded-store-operations.md): its <loc>s are /sitemaps/<kind>-<n>.xml
 * files, whose <loc>s are the pages. Each file gives an even share, so every kind of page
 * (posts, mixtapes, releases, events, genres, locations, static pages) is in the mix. Throws
 * when no page is found rather than measuring a mix of fixed routes only.
 */
export async function sitemapSample(base, total = 40) {
  const locs = async (path) => {
    const res = await fetch(`${base}${path}`);
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  };
  const files = await locs("/sitemap.xml");
  const share = Math.max(1, Math.floor(total / Math.max(1, files.length)));
  const sample = [];
  for (const file of files) {
    const pages = (await locs(file)).filter((p) => !p.endsWith(".xml"));
    const step = Math.max(1, Math.floor(pages.length / share));
    sample.push(...pages.filter((_, i) => i % step === 0).slice(0, share));
  }
  if (!sample.length) throw new Error("the sitemap named no page: the load mix would hold fixed routes only");
  return [...new Set(sample)];
}

export async function measureLoad({
  duration = DURATION,
  connections = CONNECTIONS,
  port = PORT,
  inspectorPort = port + 1,
  heapEvery = HEAP_EVERY,
  liveEverySeconds = LIVE_EVERY ?? liveEvery(duration),
  log = console.log,
} = {}) {
  if (!existsSync(join(ROOT, "build", "server", "wrangler.json"))) {
    throw new Error("No production build: run `npm run build` first.");
  }
  requireWrk(log);
  const persistTo = join(ROOT, "bench", ".state");
  prepareDatabase(persistTo);
  const server = await serve({ port, persistTo, stdio: "ignore", inspectorPort });
  let inspector;
  let sampler;
  try {
    inspector = await connectInspector(inspectorPort);
    const sample = await sitemapSample(server.url);
    const mix = [...FIXED, ...sample];
    // Warm the edge cache, as on a deployed site that has been up for a while.
    for (const path of mix) await (await fetch(`${server.url}${path}`)).arrayBuffer();

    // wrangler starts workerd as a child.
    const processes = descendants(server.child.pid).filter((p) => commName(p.pid) === "workerd");
    const workerd = processes.map((p) => p.pid);
    if (!workerd.length) throw new Error("workerd process not found under wrangler");
    const rss = () => workerd.reduce((n, p) => n + rssKiB(p), 0);
    // Which is which: wrangler's entry (the proxy on the public port) names it in its command line.
    const entryPid = processes.find((p) => p.cmd.includes(`entry=127.0.0.1:${port} `))?.pid;
    const runtimePid = processes.find((p) => p.pid !== entryPid)?.pid;
    const rssOf = (at) => ({ at, runtime: rssKiB(runtimePid), entry: entryPid ? rssKiB(entryPid) : 0 });
    const memory = { before: rss(), peak: 0, processes: workerd.length, series: [rssOf(0)] };
    const t0 = Date.now();
    // The heap every second; each HEAP_EVERY-second window keeps its floor (the low point of the
    // sawtooth between collections: what the isolate retains) and its peak.
    const floorOf = async (seconds) => {
      let floor;
      for (let i = 0; i < seconds; i++) {
        const h = await inspector.heap();
        if (!floor || h.used < floor.used) floor = h;
        await new Promise((r) => setTimeout(r, 1000));
      }
      return floor;
    };
    const heap = [{ at: 0, ...(await floorOf(3)) }];
    // The live heap: after full collections (inspector.liveHeap()). A failed reading is kept as
    // its error: the other figures stand without it.
    const live = [];
    const readLive = async (at, extra = {}) => {
      try {
        live.push({ at, ...(await inspector.liveHeap()), ...extra });
      } catch (error) {
        live.push({ at, error: String(error?.message ?? error), ...extra });
      }
    };
    await readLive(0);
    let nextLive = t0 + liveEverySeconds * 1000;
    // The first window follows the reading before the load.
    let justCollected = true;
    let running = true;
    const heapSampler = (async () => {
      while (running) {
        const started = Date.now();
        let floor;
        let peak = 0;
        // A window that starts with a forced collection keeps its readings out of the floors
        // (the collection lowers them): it is the live heap's.
        let collected = justCollected;
        justCollected = false;
        if (Date.now() >= nextLive && Date.now() < t0 + duration * 1000 - 5000) {
          nextLive += liveEverySeconds * 1000;
          await readLive((Date.now() - t0) / 1000);
          collected = true;
        }
        while (running && Date.now() - started < heapEvery * 1000) {
          try {
            const h = await inspector.heap();
            if (!floor || h.used < floor.used) floor = h;
            peak = Math.max(peak, h.used);
          } catch {
            // a sample lost under load is a gap in the series, not a failure
          }
          await new Promise((r) => setTimeout(r, 1000));
        }
        if (floor && running) heap.push({ at: (Date.now() - t0) / 1000, ...floor, peak, collected });
      }
    })();
    // Each process's RSS about ten times over the run, to see whether it levels off.
    const rssEvery = Math.max(10, Math.round(duration / 10)) * 1000;
    let nextRss = t0 + rssEvery;
    sampler = setInterval(() => {
      memory.peak = Math.max(memory.peak, rss());
      if (Date.now() >= nextRss) {
        memory.series.push(rssOf(Math.round((Date.now() - t0) / 1000)));
        nextRss += rssEvery;
      }
    }, 500);

    const mixFile = join(tmpdir(), `crossfade-mix-${process.pid}.txt`);
    writeFileSync(mixFile, `${mix.join("\n")}\n`);
    const load = { before: loadavg()[0] };
    log(
      `wrk: ${duration} s, ${connections} connections, ${mix.length} paths, load average ${load.before.toFixed(2)}`,
    );
    // Asynchronous, so the samplers keep running while wrk does.
    const out = await wrkMix({ url: server.url, mixFile, duration, connections });
    clearInterval(sampler);
    running = false;
    await heapSampler;
    load.after = loadavg()[0];
    memory.after = rss();
    memory.series.push({ ...rssOf(Math.round((Date.now() - t0) / 1000)), final: true });
    memory.peak = Math.max(memory.peak, memory.after);
    // Once the last background work (cache writes) is done: what the isolate keeps.
    heap.push({ at: (Date.now() - t0) / 1000, ...(await floorOf(5)), final: true });
    await readLive((Date.now() - t0) / 1000, { final: true });
    const result = JSON.parse(/RESULT (\{.*\})/.exec(out)?.[1] ?? "null");
    if (!result) throw new Error(`wrk printed no result:\n${out}`);
    return { result, memory, heap, heapEvery, live, load, mix, duration, connections };
  } finally {
    clearInterval(sampler);
    inspector?.close();
    server.stop();
  }
}

/** wrk over the mix (one path a line in `mixFile`, bench/mix.lua), asynchronously: its output. */
export async function wrkMix({ url, mixFile, duration, connections }) {
  const { stdout } = await promisify(execFile)(
    requireWrk(),
    [
      "-t2",
      `-c${connections}`,
      `-d${duration}s`,
      "--timeout",
      "10s",
      "-s",
      join(ROOT, "bench", "mix.lua"),
      url,
    ],
    { env: { ...process.env, MIX: mixFile }, encoding: "utf8", maxBuffer: 1 << 24 },
  );
  return stdout;
}

/**
 * Least-squares slope of the heap's floor, in bytes per minute, over the windows under load
 * (those that began with a forced collection left out).
 */
export function heapTrend(heap) {
  return slopePerMinute(heap.filter((h) => h.at > 0 && !h.final && !h.collected));
}

/** Least-squares slope of `used` over `at` (seconds), in bytes per minute; undefined under 3 points. */
export function slopePerMinute(xs) {
  if (xs.length < 3) return undefined;
  const n = xs.length;
  const mx = xs.reduce((s, h) => s + h.at, 0) / n;
  const my = xs.reduce((s, h) => s + h.used, 0) / n;
  const num = xs.reduce((s, h) => s + (h.at - mx) * (h.used - my), 0);
  const den = xs.reduce((s, h) => s + (h.at - mx) ** 2, 0);
  return den ? (num / den) * 60 : undefined;
}

/**
 * The live heap's readings summed up: before the load, under it (requests in flight included),
 * after it; growth from before to after, the slope under load, and the readings that failed.
 */
export function liveSummary(live = []) {
  const ok = live.filter((l) => l.error === undefined);
  const before = ok.find((l) => l.at === 0 && !l.final);
  const after = ok.find((l) => l.final);
  const underLoad = ok.filter((l) => l.at > 0 && !l.final);
  return {
    before,
    after,
    underLoad,
    growth: before && after ? after.used - before.used : undefined,
    trend: slopePerMinute(underLoad),
    failed: live.filter((l) => l.error !== undefined),
    longestMs: ok.length ? Math.max(...ok.map((l) => l.ms)) : undefined,
  };
}

/** The "Load" section of bench/results.md (its lines, without the heading). */
export function loadSection({
  result,
  memory,
  heap,
  heapEvery = HEAP_EVERY,
  live = [],
  load,
  mix,
  duration,
  connections,
}) {
  const statuses = Object.entries(result.statuses).sort();
  const bad = statuses.filter(([s]) => !(/^[23]/.test(s) || s === "404")).reduce((n, [, c]) => n + c, 0);
  const errors = Object.values(result.errors).reduce((n, c) => n + c, 0) - result.errors.status;
  const ms = (us) => `${(us / 1000).toFixed(1)} ms`;
  const rps = result.requests / (result.duration_us / 1e6);
  const mib = (kib) => `${(kib / 1024).toFixed(0)} MiB`;
  const heapMiB = (b) => `${(b / 1024 ** 2).toFixed(1)} MiB`;
  const underLoad = heap.filter((h) => h.at > 0 && !h.final && !h.collected);
  const alive = liveSummary(live);
  const at = (l) => (l.final ? "after" : l.at === 0 ? "before" : `${l.at.toFixed(0)} s`);
  const liveCell = (l) => (l ? heapMiB(l.used) : "not measured");
  const trend = heapTrend(heap);
  const first = heap[0];
  const last = heap.at(-1);
  const series = underLoad.length
    ? underLoad.map((h) => `${h.at.toFixed(0)} s: ${heapMiB(h.used)}`).join(", ")
    : "no samples under load";
  const lines = [
    `\`node bench/load.mjs\` (bench/load.mjs, bench/mix.lua; \`npm run bench -- --soak <seconds>\` for a longer run): wrk, ${duration} s at ${connections} connections (2 threads) against the production build served by \`wrangler dev\` on 127.0.0.1, edge cache warmed first. ${mix.length} paths in the mix: ${FIXED.length} fixed routes (pages, search page, /api/search, /api/suggest, RSS, a 404) and ${mix.length - FIXED.length} pages from the sitemap (posts, mixtapes, releases, events, genres, locations).`,
    "",
    `Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${cpus().length} cores, ${mib(totalmem() / 1024)} RAM, shared with other work: load average ${load.before.toFixed(2)} before, ${load.after.toFixed(2)} after.`,
    "",
    "| Measure | Value |",
    "| --- | --- |",
    `| Requests | ${result.requests} (${rps.toFixed(0)} per second) |`,
    `| Socket errors (connect, read, write, timeout) | ${errors} (${result.errors.connect}, ${result.errors.read}, ${result.errors.write}, ${result.errors.timeout}) |`,
    `| Answers other than 2xx, 3xx or 404 | ${bad} |`,
    `| Statuses | ${statuses.map(([s, c]) => `${s}: ${c}`).join(", ")} |`,
    `| Latency p50 / p90 / p99 / max | ${ms(result.latency_us.p50)} / ${ms(result.latency_us.p90)} / ${ms(result.latency_us.p99)} / ${ms(result.latency_us.max)} |`,
    `| Worker JS heap live (after full collections): before the load / after it, growth | ${liveCell(alive.before)} / ${liveCell(alive.after)}, ${
      alive.growth === undefined
        ? "not measured"
        : `${alive.growth < 0 ? "−" : "+"}${heapMiB(Math.abs(alive.growth))}`
    } |`,
    `| Worker JS heap live under load (requests in flight included): min / max, trend | ${
      alive.underLoad.length
        ? `${heapMiB(Math.min(...alive.underLoad.map((l) => l.used)))} / ${heapMiB(Math.max(...alive.underLoad.map((l) => l.used)))}, ${
            alive.trend === undefined
              ? "too few readings"
              : `${(alive.trend / 1024).toFixed(0)} KiB per minute`
          }`
        : "no readings"
    } |`,
    `| Worker JS heap, lowest reading: before the load / in the 5 s after it (idle: V8 collects when allocating, so garbage may remain) | ${heapMiB(first.used)} / ${heapMiB(last.used)} |`,
    `| Worker JS heap under load, floor per window: min / max, trend | ${
      underLoad.length
        ? `${heapMiB(Math.min(...underLoad.map((h) => h.used)))} / ${heapMiB(Math.max(...underLoad.map((h) => h.used)))}, ${
            trend === undefined ? "too few samples" : `${(trend / 1024).toFixed(0)} KiB per minute`
          }`
        : "no samples"
    } |`,
    `| workerd memory (RSS, ${memory.processes} processes) before / peak / after | ${mib(memory.before)} / ${mib(memory.peak)} / ${mib(memory.after)} |`,
    "",
    `Heap floor per ${heapEvery} s window (the Worker's isolate: V8's Runtime.getHeapUsage through \`wrangler dev --inspector-port\` every second, the window's lowest reading, i.e. after its collections): ${series}. Peak under load: ${heapMiB(Math.max(0, ...underLoad.map((h) => h.peak ?? 0)))}.`,
    "",
    `Live heap (V8's sampling heap profiler started and stopped through the inspector: it runs a full collection before each of its two profiles, then Runtime.getHeapUsage; a reading took at most ${
      alive.longestMs === undefined ? "n/a" : `${alive.longestMs} ms`
    } this run, its messages waiting their turn behind the requests; the floor windows that start with one are left out of the floors above): ${
      live.length
        ? live
            .map((l) => `${at(l)}: ${l.error === undefined ? heapMiB(l.used) : `failed (${l.error})`}`)
            .join(", ")
        : "not read"
    }. The floors include garbage the collector has not reached yet; the live heap is what the isolate holds: a live heap that keeps rising from reading to reading is a leak, floors that rise while it stays level are garbage.`,
    "",
    "The heap is the Worker's own isolate; RSS is the sum over the workerd processes `wrangler dev` runs (its local proxy and the runtime, which also holds the local Cache API, KV and D1 simulators).",
  ];
  if (memory.series?.length) {
    lines.push(
      "",
      `workerd RSS per process over the run (the runtime / wrangler's entry proxy): ${memory.series
        .map((m) => `${m.final ? "after" : `${m.at} s`}: ${mib(m.runtime)} / ${mib(m.entry)}`)
        .join(", ")}.`,
    );
  }
  return { lines, failed: errors > 0 || bad > 0 };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const measured = await measureLoad();
    const { lines, failed } = loadSection(measured);
    const file = join(ROOT, "bench", "results.md");
    let text = existsSync(file)
      ? readFileSync(file, "utf8")
      : "# Benchmark results\n\nThe last run of each script in bench/.\n\n";
    const section = `## Load\n\n${lines.join("\n")}\n`;
    text = /^## Load\n/m.test(text)
      ? text.replace(/^## Load\n[\s\S]*?(?=^## |(?![\s\S]))/m, `${section}\n`)
      : `${text.trimEnd()}\n\n${section}`;
    writeFileSync(file, text);
    // Formatted as `npm test`'s lint lane expects (Biome aligns the tables).
    run("biome", ["format", "--write", file], { quiet: true });
    console.log(section);
    if (failed) process.exitCode = 1;
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
