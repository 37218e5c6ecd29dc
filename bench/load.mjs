// Load: 60 s at 50 connections over a mix of routes against the production build served on
// 127.0.0.1 (wrangler dev on build/server, the same as `npm start`). Records requests, errors,
// statuses, latency percentiles and the workerd process's memory in bench/results.md ("Load").
//
//   npm run build && node bench/load.mjs            # DURATION=60 CONNECTIONS=50 PORT=8895
//
// Needs wrk (Debian: apt-get install -y wrk). The mix is the fixed routes below plus pages from
// the sitemap, so every kind of page is in it; the edge cache is warmed first, as a deployed
// site's would be.
import { execFile, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { prepareDatabase, ROOT, run, serve } from "../scripts/lib.mjs";
import { descendants } from "./server.mjs";

const DURATION = Number(process.env.DURATION ?? 60);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const PORT = Number(process.env.PORT ?? 8895);
const FIXED = [
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

async function main() {
  if (!existsSync(join(ROOT, "build", "server", "wrangler.json"))) {
    throw new Error("No production build: run `npm run build` first.");
  }
  if (spawnSync("wrk", ["--version"]).error) throw new Error("wrk is not installed (apt-get install -y wrk)");
  const persistTo = join(ROOT, "bench", ".state");
  prepareDatabase(persistTo);
  const server = await serve({ port: PORT, persistTo, stdio: "ignore" });
  try {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    const sample = pages.filter((_, i) => i % Math.max(1, Math.floor(pages.length / 40)) === 0);
    const mix = [...FIXED, ...sample];
    // Warm the edge cache, as on a deployed site that has been up for a while.
    for (const path of mix) await (await fetch(`${server.url}${path}`)).arrayBuffer();

    // wrangler starts workerd as a child.
    const workerd = descendants(server.child.pid)
      .map((p) => p.pid)
      .filter((pid) => commName(pid) === "workerd");
    if (!workerd.length) throw new Error("workerd process not found under wrangler");
    const memory = { before: workerd.reduce((n, p) => n + rssKiB(p), 0), peak: 0, processes: workerd.length };
    const sampler = setInterval(() => {
      memory.peak = Math.max(
        memory.peak,
        workerd.reduce((n, p) => n + rssKiB(p), 0),
      );
    }, 500);

    const mixFile = join(tmpdir(), `crossfade-mix-${process.pid}.txt`);
    writeFileSync(mixFile, `${mix.join("\n")}\n`);
    const load = { before: loadavg()[0] };
    console.log(
      `wrk: ${DURATION} s, ${CONNECTIONS} connections, ${mix.length} paths, load average ${load.before.toFixed(2)}`,
    );
    // Asynchronous, so the memory sampler keeps running while wrk does.
    const { stdout: out } = await promisify(execFile)(
      "wrk",
      [
        "-t2",
        `-c${CONNECTIONS}`,
        `-d${DURATION}s`,
        "--timeout",
        "10s",
        "-s",
        join(ROOT, "bench", "mix.lua"),
        server.url,
      ],
      { env: { ...process.env, MIX: mixFile }, encoding: "utf8", maxBuffer: 1 << 24 },
    );
    clearInterval(sampler);
    load.after = loadavg()[0];
    memory.after = workerd.reduce((n, p) => n + rssKiB(p), 0);
    memory.peak = Math.max(memory.peak, memory.after);
    const result = JSON.parse(/RESULT (\{.*\})/.exec(out)?.[1] ?? "null");
    if (!result) throw new Error(`wrk printed no result:\n${out}`);
    report({ result, memory, load, mix });
  } finally {
    server.stop();
  }
}

function report({ result, memory, load, mix }) {
  const statuses = Object.entries(result.statuses).sort();
  const bad = statuses.filter(([s]) => !(/^[23]/.test(s) || s === "404")).reduce((n, [, c]) => n + c, 0);
  const errors = Object.values(result.errors).reduce((n, c) => n + c, 0) - result.errors.status;
  const ms = (us) => `${(us / 1000).toFixed(1)} ms`;
  const rps = result.requests / (result.duration_us / 1e6);
  const mib = (kib) => `${(kib / 1024).toFixed(0)} MiB`;
  const section = `## Load

\`node bench/load.mjs\` (bench/load.mjs, bench/mix.lua): wrk, ${DURATION} s at ${CONNECTIONS} connections (2 threads) against
the production build served by \`wrangler dev\` on 127.0.0.1, edge cache warmed first. ${mix.length} paths in the
mix: ${FIXED.length} fixed routes (pages, search page, /api/search, /api/suggest, RSS, a 404) and ${
    mix.length - FIXED.length
  } pages from the sitemap (posts, mixtapes, releases, events, genres, locations).

Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${cpus().length} cores, ${mib(totalmem() / 1024)} RAM, shared with other work: load average ${load.before.toFixed(2)} before, ${load.after.toFixed(2)} after.

| Measure | Value |
| --- | --- |
| Requests | ${result.requests} (${rps.toFixed(0)} per second) |
| Socket errors (connect, read, write, timeout) | ${errors} (${result.errors.connect}, ${result.errors.read}, ${result.errors.write}, ${result.errors.timeout}) |
| Answers other than 2xx, 3xx or 404 | ${bad} |
| Statuses | ${statuses.map(([s, c]) => `${s}: ${c}`).join(", ")} |
| Latency p50 / p90 / p99 / max | ${ms(result.latency_us.p50)} / ${ms(result.latency_us.p90)} / ${ms(result.latency_us.p99)} / ${ms(result.latency_us.max)} |
| workerd memory (RSS, ${memory.processes} processes) before / peak / after | ${mib(memory.before)} / ${mib(memory.peak)} / ${mib(memory.after)} |

Memory is the sum over the workerd processes \`wrangler dev\` runs (its local proxy and the Worker).
`;
  const file = join(ROOT, "bench", "results.md");
  let text = existsSync(file)
    ? readFileSync(file, "utf8")
    : "# Benchmark results\n\nThe last run of each script in bench/.\n\n";
  text = /^## Load\n/m.test(text)
    ? text.replace(/^## Load\n[\s\S]*?(?=^## |(?![\s\S]))/m, section)
    : `${text.trimEnd()}\n\n${section}`;
  writeFileSync(file, text);
  // Formatted as `npm test`'s lint lane expects (Biome aligns the tables).
  run("biome", ["format", "--write", file], { quiet: true });
  console.log(section);
  if (errors || bad) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
