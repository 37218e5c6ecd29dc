// `node bench/profile.mjs [variant] [path] [seconds]`: a CPU profile of the Worker (V8's sampling
// profiler through `wrangler dev --inspector-port`) while wrk loads one path of the production
// build, then the functions that cost the most. Variants: `pages` (the page cache on), `reporting`
// (the same with SENTRY_DSN set, a local sink), `rendering` (PAGE_CACHE=off: every request
// renders, content from KV). The profile is written to tests/.artifacts/profiles/ (open it in
// Chrome DevTools' Performance panel); bench/profiles.md keeps the summaries that mattered.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ROOT } from "../scripts/lib.mjs";
import { connectInspector, profileLines, summariseProfile } from "./inspector.mjs";
import { BENCH_PORT, startReportingServer, startServer } from "./server.mjs";
import { wrk } from "./throughput.mjs";
import { requireWrk } from "./wrk.mjs";

const INSPECTOR_PORT = Number(process.env.INSPECTOR_PORT ?? BENCH_PORT + 10);

export async function profileUnderLoad({ variant = "rendering", path = "/blog", seconds = 5 } = {}) {
  const port = BENCH_PORT + 5;
  const inspectorPort = INSPECTOR_PORT;
  const server =
    variant === "reporting"
      ? await startReportingServer({ port, inspectorPort })
      : await startServer({
          port,
          inspectorPort,
          vars: variant === "rendering" ? { PAGE_CACHE: "off" } : {},
        });
  const inspector = await connectInspector(inspectorPort);
  try {
    const url = `${server.url}${path}`;
    await wrk(url, 2); // warm-up: JIT, caches
    const profile = await inspector.profile(async () => wrk(url, seconds));
    const dir = join(ROOT, "tests", ".artifacts", "profiles");
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${variant}-${path.replace(/[^a-z0-9]+/gi, "-")}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    return { file, summary: summariseProfile(profile, { top: 25 }) };
  } finally {
    inspector.close();
    server.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Before any server starts: without wrk the process ends, and would leave them running.
  requireWrk();
  const [variant, path, seconds] = process.argv.slice(2);
  const { file, summary } = await profileUnderLoad({
    variant,
    path,
    seconds: seconds ? Number(seconds) : undefined,
  });
  console.log(profileLines(`${variant ?? "rendering"} ${path ?? "/blog"}`, summary).join("\n"));
  console.log("Inclusive by module:");
  for (const [m, p] of summary.modules) console.log(`  ${p} ${m}`);
  console.log(`profile: ${file}`);
}
