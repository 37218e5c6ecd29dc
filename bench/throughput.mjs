// `node bench/throughput.mjs`: requests per second with wrk (bench/wrk.mjs) against the
// production build under `wrangler dev` on 127.0.0.1, in one run: a static asset (Workers
// assets), a cached SSR page (served by the page cache, docs/decisions/022), the same with error
// reporting on (SENTRY_DSN set: every request traced, sent to a local sink), the same page
// rendered on every request with its content from the KV edge cache (a second server with
// PAGE_CACHE=off), the same page uncached (a third server without the KV binding: every request
// reads D1), and /api/search. This machine is noisy, so the targets take turns: WRK_ROUNDS
// rounds, each target once per round (a 1 s warm-up, then WRK_SECONDS of load). A target's
// figure is its median over the rounds; its ratio is the median of its per-round ratios to the
// static asset of the same round. Requests ask for identity encoding (wrangler dev would gzip
// and buffer).
//
// Each timed run also reads, from /proc, the CPU time per request of the two workerd processes
// `wrangler dev` runs: the Worker's runtime (the Worker, its local simulators and the
// error-reporting pump) and wrangler's entry proxy, which no deployment has and which runs every
// HTML answer, and no other, through HTMLRewriter. A cached page is judged against its floor by
// requests/s and by the runtime's CPU per request (bench/decisions/119-throughput-judged-by-the-runtimes-cpu.md).
import { execFile } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  BENCH_PORT,
  BROWSER_UA,
  cpuNs,
  median,
  startRenderingServer,
  startReportingServer,
  startServer,
  uncachedConfig,
  workerRuntimePid,
  wranglerProxyPid,
} from "./server.mjs";
import { requireWrk } from "./wrk.mjs";

const SECONDS = Number(process.env.WRK_SECONDS ?? 5);
const ROUNDS = Number(process.env.WRK_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.WRK_CONNECTIONS ?? 8);
const THREADS = Number(process.env.WRK_THREADS ?? 1);

/**
 * wrk, asynchronously: the error-reporting sink runs in this process and must keep answering
 * while wrk loads the Worker (a blocked sink would stall the Worker's envelopes).
 */
export async function wrk(url, seconds) {
  const args = [
    `-t${THREADS}`,
    `-c${CONNECTIONS}`,
    `-d${seconds}s`,
    "--latency",
    "-s",
    join(import.meta.dirname, "non2xx.lua"),
    "-H",
    "Accept-Encoding: identity",
    "-H",
    `User-Agent: ${BROWSER_UA}`,
    url,
  ];
  const out = await new Promise((resolve, reject) =>
    execFile(requireWrk(), args, { encoding: "utf8" }, (error, stdout, stderr) =>
      error ? reject(new Error(`wrk failed: ${stderr || error.message}`)) : resolve(stdout),
    ),
  );
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
  const requests = Number(out.match(/(\d+) requests in/)?.[1]);
  const p50 = out.match(/50%\s+([\d.]+\w+)/)?.[1];
  const p99 = out.match(/99%\s+([\d.]+\w+)/)?.[1];
  const errors = Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0);
  const socket = out.match(/Socket errors: (.+)/)?.[1];
  // What failed is recorded (status and body, bench/non2xx.lua) and the measuring goes on: one
  // odd answer in a warm-up must not lose the run, nor pass unnoticed.
  const failures = [...out.matchAll(/^NON2XX (\d+) (.*)$/gm)].map((m) => `${m[1]} ${m[2]}`);
  if (errors > 0 || socket)
    console.warn(
      `${url}: ${errors} answers not 2xx/3xx${socket ? `, socket errors ${socket}` : ""}: ${failures.join(" | ")}`,
    );
  return { rps, p50, p99, requests, errors, socket, failures };
}

/** Waits until the sink has stopped receiving (the Worker sends from waitUntil, after answering). */
async function settledCounts(sink) {
  let last = sink.counts();
  for (let i = 0; i < 40; i++) {
    await new Promise((r) => setTimeout(r, 250));
    const now = sink.counts();
    if (now.envelopes === last.envelopes && i >= 3) return now;
    last = now;
  }
  return last;
}

/**
 * Runs every target, in rounds. `pages` is the server with the page cache, `reporting` the same
 * with SENTRY_DSN set, `rendering` the same build with PAGE_CACHE=off, `uncached` one without the
 * KV binding (all on the same build and database). Returns rows with median requests/s, latencies and ratio to the static asset.
 */
export async function measureThroughput({
  pages,
  rendering,
  uncached,
  reporting,
  sink,
  asset,
  processes = {},
  page = "/blog",
}) {
  const targets = [
    ["Static asset", pages, asset],
    // The floor a Worker answer is judged against: a route that reads nothing and renders nothing.
    ["Trivial Worker route", pages, "/api/health"],
    ["Trivial Worker route, error reporting on", reporting, "/api/health"],
    ["Cached SSR page (page cache)", pages, page],
    ["Cached SSR page, error reporting on (SENTRY_DSN set)", reporting, page],
    ["SSR page rendered, content from KV", rendering, page],
    ["Uncached SSR page (D1)", uncached, page],
    ["/api/search", pages, "/api/search?q=techno"],
  ];
  const runs = targets.map(() => []);
  /** Per target and timed run: CPU µs per answered request of the runtime and of the proxy. */
  const cpu = targets.map(() => []);
  /** Per target: the answers that were not 2xx or 3xx, warm-ups included. */
  const failed = targets.map(() => []);
  const note = (i, result, phase) => {
    if (result.errors || result.socket)
      failed[i].push(
        `${phase}: ${result.errors} not 2xx/3xx${result.socket ? `, socket errors ${result.socket}` : ""}${result.failures.length ? ` (${result.failures.join("; ")})` : ""}`,
      );
  };
  // What the sink received during the reporting target's timed runs, against wrk's count of
  // answered requests (a request wrk gave up on when time ran out may still be traced: up to
  // CONNECTIONS more per run).
  const delivered = targets.map(() => ({ requests: 0, transactions: 0, envelopes: 0, merged: 0, runs: 0 }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, [, base, path]] of targets.entries()) {
      note(i, await wrk(`${base}${path}`, 1), `round ${round + 1} warm-up`); // JIT, the caches, connections
      const traced = sink && base === reporting;
      if (traced) {
        await settledCounts(sink);
        sink.reset();
      }
      const pids = processes[base];
      const before = pids && { runtime: cpuNs(pids.runtime), proxy: cpuNs(pids.proxy) };
      const result = await wrk(`${base}${path}`, SECONDS);
      // A traced run's envelopes may still be leaving: its CPU is read once the sink is quiet.
      const counts = traced ? await settledCounts(sink) : undefined;
      if (before) {
        const per = (ns) => ns / result.requests / 1000;
        cpu[i].push({
          runtime: per(cpuNs(pids.runtime) - before.runtime),
          proxy: per(cpuNs(pids.proxy) - before.proxy),
        });
      }
      note(i, result, `round ${round + 1}`);
      runs[i].push(result);
      if (counts) {
        delivered[i].requests += result.requests;
        delivered[i].transactions += counts.transactions;
        delivered[i].envelopes += counts.envelopes;
        delivered[i].merged += counts.merged;
        delivered[i].runs++;
      }
    }
  }
  // Each figure's floor (docs/decisions/101): a cached page is judged against the trivial route
  // of the same server (error reporting on or off), everything else against the static asset.
  const floorOf = (name, base) =>
    name.startsWith("Cached SSR page")
      ? targets.findIndex(([n, b]) => n.startsWith("Trivial") && b === base)
      : 0;
  return targets.map(([name, base, path], i) => {
    const mid = runs[i].indexOf(runs[i].toSorted((a, b) => a.rps - b.rps)[Math.floor(ROUNDS / 2)]);
    const ratios = runs[i].map((run, r) => run.rps / runs[0][r].rps);
    const floor = floorOf(name, base);
    const d = delivered[i];
    const measuredCpu =
      cpu[i].length === runs[i].length && (floor <= 0 || cpu[floor].length === runs[i].length);
    return {
      floor: floor > 0 ? targets[floor][0] : undefined,
      floorRatio: floor > 0 ? median(runs[i].map((run, r) => run.rps / runs[floor][r].rps)) : undefined,
      // The floor's runtime CPU per request over this target's, round by round: how many of the
      // floor's answers the Worker's runtime could give for the CPU time of one of the target's.
      cpuRatio:
        floor > 0 && measuredCpu
          ? median(cpu[i].map((c, r) => cpu[floor][r].runtime / c.runtime))
          : undefined,
      runtimeUs: measuredCpu ? median(cpu[i].map((c) => c.runtime)) : undefined,
      proxyUs: measuredCpu ? median(cpu[i].map((c) => c.proxy)) : undefined,
      name,
      path,
      rps: median(runs[i].map((run) => run.rps)),
      all: runs[i].map((run) => run.rps),
      ratio: median(ratios),
      p50: runs[i][mid].p50,
      p99: runs[i][mid].p99,
      failed: failed[i],
      ...(sink && base === reporting
        ? {
            sink: `${d.requests} requests answered, ${d.transactions} transactions received in ${d.envelopes} envelopes (${d.merged} holding more than one transaction or event)`,
            complete:
              d.transactions >= d.requests &&
              d.transactions <= d.requests + CONNECTIONS * d.runs &&
              d.merged === 0,
          }
        : {}),
    };
  });
}

export function throughputTable(rows) {
  const lines = [
    "| Target | Path | Requests/s (median) | Each round | Ratio to static (median) | Ratio to its floor (median of rounds) | Runtime CPU per request | Proxy CPU per request | Ratio to its floor by runtime CPU | Latency p50 | Latency p99 |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const r of rows) {
    const floor =
      r.floorRatio === undefined ? "–" : `${(r.floorRatio * 100).toFixed(0)}% of ${r.floor.toLowerCase()}`;
    const us = (x) => (x === undefined ? "–" : `${x.toFixed(0)} µs`);
    const cpuRatio = r.cpuRatio === undefined ? "–" : `${(r.cpuRatio * 100).toFixed(0)}%`;
    lines.push(
      `| ${r.name} | \`${r.path}\` | ${r.rps.toFixed(0)} | ${r.all.map((x) => x.toFixed(0)).join(", ")} | ${(r.ratio * 100).toFixed(0)}% | ${floor} | ${us(r.runtimeUs)} | ${us(r.proxyUs)} | ${cpuRatio} | ${r.p50} | ${r.p99} |`,
    );
  }
  const failures = rows.filter((r) => r.failed?.length);
  lines.push(
    "",
    failures.length
      ? `Answers not 2xx/3xx (status and start of the body): ${failures.map((r) => `${r.name}: ${r.failed.join("; ")}`).join(". ")}`
      : "Every answer 2xx or 3xx, warm-ups included.",
  );
  return lines.join("\n");
}

export const WRK_SETTINGS = `${ROUNDS} rounds; in each, every target gets wrk -t${THREADS} -c${CONNECTIONS} -d${SECONDS}s after a 1 s warm-up`;

/**
 * The servers this bench measures, to start in this order: the pages, the reporting sink, the
 * render-only server and the pages without their caches.
 */
export const THROUGHPUT_SERVERS = [
  startServer,
  startReportingServer,
  startRenderingServer,
  () => startServer({ port: BENCH_PORT + 1, config: uncachedConfig() }),
];

/**
 * What measureThroughput aims at, from the servers of THROUGHPUT_SERVERS in their order, with
 * each server's two workerd processes (the runtime and wrangler's entry proxy) by its URL.
 */
export function throughputTargets(pages, reporting, rendering, uncached) {
  const servers = [pages, reporting, rendering, uncached];
  return {
    pages: pages.url,
    reporting: reporting.url,
    sink: reporting.sink,
    rendering: rendering.url,
    uncached: uncached.url,
    asset: "/favicon.svg",
    processes: Object.fromEntries(servers.map((server) => [server.url, workerdProcesses(server)])),
  };
}

/** The runtime and the entry proxy of a `wrangler dev` server. */
function workerdProcesses(server) {
  const port = Number(new URL(server.url).port);
  return { runtime: workerRuntimePid(server, port), proxy: wranglerProxyPid(server, port) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Before any server starts: without wrk the process ends, and would leave them running.
  requireWrk();
  const servers = [];
  try {
    for (const start of THROUGHPUT_SERVERS) servers.push(await start());
    const rows = await measureThroughput(throughputTargets(...servers));
    console.log(WRK_SETTINGS);
    console.log(throughputTable(rows));
    for (const r of rows.filter((r) => r.sink)) console.log(`${r.name}: ${r.sink}`);
  } finally {
    for (const server of servers) server.stop();
  }
}
