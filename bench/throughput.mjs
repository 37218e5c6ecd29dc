// `node bench/throughput.mjs`: requests per second with wrk (Debian's /usr/bin/wrk) against the
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
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import {
  BENCH_PORT,
  BROWSER_UA,
  median,
  startRenderingServer,
  startReportingServer,
  startServer,
  uncachedConfig,
} from "./server.mjs";

const WRK = process.env.WRK ?? "/usr/bin/wrk";
const SECONDS = Number(process.env.WRK_SECONDS ?? 5);
const ROUNDS = Number(process.env.WRK_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.WRK_CONNECTIONS ?? 8);
const THREADS = Number(process.env.WRK_THREADS ?? 1);

function wrk(url, seconds) {
  const args = [
    `-t${THREADS}`,
    `-c${CONNECTIONS}`,
    `-d${seconds}s`,
    "--latency",
    "-H",
    "Accept-Encoding: identity",
    "-H",
    `User-Agent: ${BROWSER_UA}`,
    url,
  ];
  const run = spawnSync(WRK, args, { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr || run.error}`);
  const out = run.stdout;
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
  const p50 = out.match(/50%\s+([\d.]+\w+)/)?.[1];
  const p99 = out.match(/99%\s+([\d.]+\w+)/)?.[1];
  const errors = out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? "0";
  const socket = out.match(/Socket errors: (.+)/)?.[1];
  if (Number(errors) > 0 || socket)
    throw new Error(`${url}: ${errors} non-2xx answers ${socket ?? ""}\n${out}`);
  return { rps, p50, p99 };
}

/**
 * Runs every target, in rounds. `pages` is the server with the page cache, `reporting` the same
 * with SENTRY_DSN set, `rendering` the same build with PAGE_CACHE=off, `uncached` one without the
 * KV binding (all on the same build and database). Returns rows with median requests/s, latencies and ratio to the static asset.
 */
export async function measureThroughput({ pages, rendering, uncached, reporting, asset, page = "/blog" }) {
  const targets = [
    ["Static asset", pages, asset],
    ["Cached SSR page (page cache)", pages, page],
    ["Cached SSR page, error reporting on (SENTRY_DSN set)", reporting, page],
    ["SSR page rendered, content from KV", rendering, page],
    ["Uncached SSR page (D1)", uncached, page],
    ["/api/search", pages, "/api/search?q=techno"],
  ];
  const runs = targets.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    targets.forEach(([, base, path], i) => {
      wrk(`${base}${path}`, 1); // warm-up: JIT, the caches, connections
      runs[i].push(wrk(`${base}${path}`, SECONDS));
    });
  }
  return targets.map(([name, , path], i) => {
    const mid = runs[i].indexOf(runs[i].toSorted((a, b) => a.rps - b.rps)[Math.floor(ROUNDS / 2)]);
    const ratios = runs[i].map((run, r) => run.rps / runs[0][r].rps);
    return {
      name,
      path,
      rps: median(runs[i].map((run) => run.rps)),
      all: runs[i].map((run) => run.rps),
      ratio: median(ratios),
      p50: runs[i][mid].p50,
      p99: runs[i][mid].p99,
    };
  });
}

export function throughputTable(rows) {
  const lines = [
    "| Target | Path | Requests/s (median) | Each round | Ratio to static (median) | Latency p50 | Latency p99 |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.name} | \`${r.path}\` | ${r.rps.toFixed(0)} | ${r.all.map((x) => x.toFixed(0)).join(", ")} | ${(r.ratio * 100).toFixed(0)}% | ${r.p50} | ${r.p99} |`,
    );
  }
  return lines.join("\n");
}

export const WRK_SETTINGS = `${ROUNDS} rounds; in each, every target gets wrk -t${THREADS} -c${CONNECTIONS} -d${SECONDS}s after a 1 s warm-up`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pages = await startServer();
  const reporting = await startReportingServer();
  const rendering = await startRenderingServer();
  const uncached = await startServer({ port: BENCH_PORT + 1, config: uncachedConfig() });
  try {
    const rows = await measureThroughput({
      pages: pages.url,
      reporting: reporting.url,
      rendering: rendering.url,
      uncached: uncached.url,
      asset: "/favicon.svg",
    });
    console.log(WRK_SETTINGS);
    console.log(throughputTable(rows));
  } finally {
    pages.stop();
    reporting.stop();
    rendering.stop();
    uncached.stop();
  }
}
