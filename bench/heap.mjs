// `node bench/heap.mjs [variant] [seconds] [rounds]`: what the Worker's isolate holds over a load.
// wrk runs bench/load.mjs's mix at 50 connections against the production build for `rounds`
// rounds of `seconds` (default 3 of 60); before the first and after each, once the requests have
// finished, a heap snapshot (V8 collects all garbage first) gives the live heap and its objects
// summed by constructor. Prints the live heap per round and what grew from the end of the first
// round (JIT and caches warm) to the end of the last. Variants: `pages` (the page cache on, as
// bench/load.mjs), `rendering` (PAGE_CACHE=off: every page request renders, content from KV).
// Snapshots are written to tests/.artifacts/heap/ (open them in Chrome DevTools' Memory panel).
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ROOT } from "../scripts/lib.mjs";
import { connectInspector, snapshotGrowth, summariseSnapshot } from "./inspector.mjs";
import { FIXED, sitemapSample, wrkMix } from "./load.mjs";
import { BENCH_PORT, startServer } from "./server.mjs";
import { requireWrk } from "./wrk.mjs";

const INSPECTOR_PORT = Number(process.env.INSPECTOR_PORT ?? BENCH_PORT + 10);
const MiB = (b) => `${(b / 1024 ** 2).toFixed(2)} MiB`;

export async function heapOverLoad({
  variant = "pages",
  seconds = 60,
  rounds = 3,
  connections = 50,
  log = console.log,
} = {}) {
  const port = BENCH_PORT + 8;
  const server = await startServer({
    port,
    inspectorPort: INSPECTOR_PORT,
    vars: variant === "rendering" ? { PAGE_CACHE: "off" } : {},
  });
  const inspector = await connectInspector(INSPECTOR_PORT);
  const dir = join(ROOT, "tests", ".artifacts", "heap");
  mkdirSync(dir, { recursive: true });
  try {
    const mix = [...FIXED, ...(await sitemapSample(server.url))];
    for (const path of mix) await (await fetch(`${server.url}${path}`)).arrayBuffer();
    const mixFile = join(tmpdir(), `crossfade-heap-mix-${process.pid}.txt`);
    writeFileSync(mixFile, `${mix.join("\n")}\n`);
    const points = [];
    const take = async (round, requests) => {
      await new Promise((r) => setTimeout(r, 3000)); // the last responses' background work
      const started = performance.now();
      const snapshot = await inspector.snapshot();
      const ms = Math.round(performance.now() - started);
      const { usedSize } = await inspector.send("Runtime.getHeapUsage");
      writeFileSync(join(dir, `${variant}-round-${round}.heapsnapshot`), JSON.stringify(snapshot));
      const point = { round, requests, live: usedSize, ms, summary: summariseSnapshot(snapshot) };
      points.push(point);
      log(`round ${round}: ${requests} requests in all, live heap ${MiB(usedSize)} (snapshot ${ms} ms)`);
      return point;
    };
    await take(0, 0);
    let requests = 0;
    for (let round = 1; round <= rounds; round++) {
      const stdout = await wrkMix({ url: server.url, mixFile, duration: seconds, connections });
      requests += JSON.parse(/RESULT (\{.*\})/.exec(stdout)?.[1] ?? "{}").requests ?? 0;
      await take(round, requests);
    }
    const first = points[1] ?? points[0];
    const last = points.at(-1);
    return { points, growth: snapshotGrowth(first.summary, last.summary, { top: 15 }) };
  } finally {
    inspector.close();
    server.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Before any server starts: without wrk the process ends, and would leave them running.
  requireWrk();
  const [variant, seconds, rounds] = process.argv.slice(2);
  const { points, growth } = await heapOverLoad({
    variant,
    seconds: seconds ? Number(seconds) : undefined,
    rounds: rounds ? Number(rounds) : undefined,
  });
  console.log(`Live heap by round: ${points.map((p) => `${p.round}: ${MiB(p.live)}`).join(", ")}`);
  console.log(
    `From round ${Math.min(1, points.length - 1)} to ${points.at(-1).round}: snapshot total ${growth.total >= 0 ? "+" : ""}${MiB(growth.total)}`,
  );
  const row = (g) =>
    `  ${g.key}: ${g.count >= 0 ? "+" : ""}${g.count} objects, ${g.size >= 0 ? "+" : ""}${g.size} bytes (now ${g.countAfter}, ${MiB(g.sizeAfter)})`;
  console.log("Grew most by size:");
  for (const g of growth.bySize) console.log(row(g));
  console.log("Grew most by count:");
  for (const g of growth.byCount) console.log(row(g));
}
