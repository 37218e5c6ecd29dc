// `node bench/throughput.mjs`: requests per second with wrk (Debian's /usr/bin/wrk) against the
// production build under `wrangler dev` on 127.0.0.1, one target after another in one run:
// a static asset (Workers assets), a cached SSR page (content from the KV edge cache, warm), the
// same page uncached (a second server on the same build without the KV binding: every request
// reads D1), and /api/search. Each target gets a warm-up, then WRK_SECONDS of load; ratios are
// to the static asset. Requests ask for identity encoding (wrangler dev would gzip and buffer).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { BENCH_PORT, BROWSER_UA, startServer, uncachedConfig } from "./server.mjs";

const WRK = process.env.WRK ?? "/usr/bin/wrk";
const SECONDS = Number(process.env.WRK_SECONDS ?? 10);
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
 * Runs every target. `cached` is the server with the KV cache, `uncached` one without it (both
 * on the same build and database). Returns rows with requests/s and the ratio to the asset.
 */
export async function measureThroughput({ cached, uncached, asset, page = "/blog" }) {
  const targets = [
    ["Static asset", cached, asset],
    ["Cached SSR page (KV)", cached, page],
    ["Uncached SSR page (D1)", uncached, page],
    ["/api/search", cached, "/api/search?q=techno"],
  ];
  const rows = [];
  for (const [name, base, path] of targets) {
    wrk(`${base}${path}`, 2); // warm-up: JIT, the edge cache, connections
    rows.push({ name, path, ...wrk(`${base}${path}`, SECONDS) });
  }
  const staticRps = rows[0].rps;
  for (const row of rows) row.ratio = row.rps / staticRps;
  return rows;
}

export function throughputTable(rows) {
  const lines = [
    "| Target | Path | Requests/s | Ratio to static | Latency p50 | Latency p99 |",
    "| --- | --- | ---: | ---: | ---: | ---: |",
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.name} | \`${r.path}\` | ${r.rps.toFixed(0)} | ${(r.ratio * 100).toFixed(0)}% | ${r.p50} | ${r.p99} |`,
    );
  }
  return lines.join("\n");
}

export const WRK_SETTINGS = `wrk -t${THREADS} -c${CONNECTIONS} -d${SECONDS}s after a 2 s warm-up`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const cached = await startServer();
  const uncached = await startServer({ port: BENCH_PORT + 1, config: uncachedConfig() });
  try {
    const rows = await measureThroughput({
      cached: cached.url,
      uncached: uncached.url,
      asset: "/favicon.svg",
    });
    console.log(WRK_SETTINGS);
    console.log(throughputTable(rows));
  } finally {
    cached.stop();
    uncached.stop();
  }
}
