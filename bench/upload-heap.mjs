// `node bench/upload-heap.mjs [build dir]`: the Worker's JavaScript heap while an artist's large
// upload arrives (docs/decisions/069-submission-files.md). Serves the production build (or the
// one under `build dir`, e.g. another checkout's, to compare) under `wrangler dev` with its
// inspector, reads Runtime.getHeapUsage every 50 ms while a submission with a 49 MB WAV (kept)
// and one with a 60 MB WAV (over the audio limit, refused) are sent one after the other, and
// prints (UPLOAD_MB=60 for one size alone), before each and at its peak during each: the JavaScript heap (usedSize), the
// ArrayBuffers' backing stores outside it (backingStorageSize, where a request body read whole
// lands) and the resident memory of the workerd process that runs the Worker (VmRSS).

import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { ROOT } from "../scripts/lib.mjs";
import { connectInspector } from "./inspector.mjs";
import { BENCH_PORT, startServer, workerRuntimePid } from "./server.mjs";

const MiB = (b) => `${(b / 1024 ** 2).toFixed(1)} MiB`;
const build = resolve(process.argv[2] ?? join(ROOT, "build"));
const port = BENCH_PORT + 12;
const inspectorPort = BENCH_PORT + 13;

/** A WAV of `bytes` bytes: its header, then noise (what an artist's master is to the Worker). */
function wav(bytes) {
  const body = new Uint8Array(bytes);
  for (let i = 44; i < bytes; i += 4096) body[i] = (i * 31) & 0xff;
  body.set(new TextEncoder().encode("RIFF"), 0);
  body.set(new TextEncoder().encode("WAVEfmt "), 8);
  return body;
}

const server = await startServer({ port, inspectorPort, config: join(build, "server", "wrangler.json") });
const inspector = await connectInspector(inspectorPort);
try {
  const runtime = workerRuntimePid(server, port);
  const rss = () =>
    Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${runtime}/status`, "utf8"))?.[1] ?? 0) * 1024;
  const reading = async () => {
    const usage = await inspector.send("Runtime.getHeapUsage");
    return { heap: usage.usedSize, buffers: usage.backingStorageSize ?? 0, rss: rss() };
  };
  // UPLOAD_MB=60 sends one size alone (each on a fresh server reads from a clean baseline).
  const sizes = (process.env.UPLOAD_MB ?? "49,60").split(",").map(Number);
  for (const mb of sizes) {
    const label = `${mb} MB WAV (${mb > 50 ? "over the 50 MB limit" : "kept"})`;
    const size = mb * 1024 * 1024;
    await inspector.send("HeapProfiler.collectGarbage").catch(() => undefined);
    const before = await reading();
    const peak = { ...before };
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const now = await reading();
        for (const key of Object.keys(peak)) peak[key] = Math.max(peak[key], now[key]);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const form = new FormData();
    for (const [name, value] of Object.entries({
      artist_name: "Bench Artist",
      email: "bench@example.com",
      track_title: `Heap ${label}`,
      consent: "on",
    }))
      form.set(name, value);
    form.set("audioFile", new Blob([wav(size)], { type: "audio/wav" }), "master.wav");
    const started = performance.now();
    const res = await fetch(`${server.url}/api/submissions`, {
      method: "POST",
      body: form,
      headers: { "CF-Connecting-IP": `198.51.100.${Math.floor(Math.random() * 250)}` },
    });
    const answer = await res.text();
    const ms = Math.round(performance.now() - started);
    sampling = false;
    await sampler;
    const line = (key) => `${MiB(before[key])} → peak ${MiB(peak[key])} (+${MiB(peak[key] - before[key])})`;
    console.log(
      `${label}: ${res.status} in ${ms} ms; JS heap ${line("heap")}; ArrayBuffers ${line("buffers")}; workerd RSS ${line("rss")}${res.status >= 400 ? `; ${answer.slice(0, 80)}` : ""}`,
    );
  }
} finally {
  inspector.close?.();
  server.stop();
}
