// `node bench/decompose.mjs [path]`: where a traced request's cost goes. Two servers of the
// production build (the page cache on; the same with SENTRY_DSN set and a local sink), wrk on
// the static asset, the trivial route and the page, each also traced, taking turns; for each, requests/s and CPU per
// request of the Worker's workerd process, of wrangler's proxy workerd, and of the sink (this
// Node process), plus what the sink received. Figures in bench/profiles.md (the cost of a traced request).
import { fileURLToPath } from "node:url";
import {
  BENCH_PORT,
  cpuNs,
  HEADERS,
  startReportingServer,
  startServer,
  workerRuntimePid,
  wranglerProxyPid,
} from "./server.mjs";
import { wrk } from "./throughput.mjs";
import { requireWrk } from "./wrk.mjs";

export async function decompose({ path = "/blog", seconds = 5, rounds = 2 } = {}) {
  const pages = await startServer();
  const reporting = await startReportingServer();
  try {
    await new Promise((r) => setTimeout(r, 4000));
    const targets = [
      ["static asset", pages, BENCH_PORT, "/favicon.svg"],
      // The floor of a Worker answer (bench/throughput.mjs): reads and renders nothing.
      ["trivial route", pages, BENCH_PORT, "/api/health"],
      ["trivial route, traced", reporting, BENCH_PORT + 3, "/api/health"],
      ["page", pages, BENCH_PORT, path],
      ["page, traced", reporting, BENCH_PORT + 3, path],
    ];
    const out = [];
    for (let round = 0; round < rounds; round++) {
      for (const [name, server, port, p] of targets) {
        const runtime = workerRuntimePid(server, port);
        const proxy = wranglerProxyPid(server, port);
        await wrk(`${server.url}${p}`, 1);
        await new Promise((r) => setTimeout(r, 1000));
        reporting.sink.reset();
        const before = { runtime: cpuNs(runtime), proxy: cpuNs(proxy), node: process.cpuUsage() };
        const { rps, requests } = await wrk(`${server.url}${p}`, seconds);
        const res = await fetch(`${server.url}${p}`, { headers: HEADERS });
        await new Promise((r) => setTimeout(r, 1500));
        const node = process.cpuUsage(before.node);
        const per = (ns) => (ns / requests / 1e6).toFixed(3);
        out.push({
          round,
          name,
          rps: rps.toFixed(0),
          requests,
          bytes: Number(res.headers.get("content-length") ?? 0) || (await res.arrayBuffer()).byteLength,
          runtimeMs: per(cpuNs(runtime) - before.runtime),
          proxyMs: per(cpuNs(proxy) - before.proxy),
          sinkMs: per((node.user + node.system) * 1000),
          sink: JSON.stringify(reporting.sink.counts()),
        });
      }
    }
    return out;
  } finally {
    pages.stop();
    reporting.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Before any server starts: without wrk the process ends, and would leave them running.
  requireWrk();
  console.table(await decompose({ path: process.argv[2] }));
}
