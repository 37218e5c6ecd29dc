// `node bench/run.mjs [--no-build]`: every benchmark in one run on the production build, then
// bench/results.md rewritten with the figures, the date, the machine and its load. Only this
// script's sections ("Budgets", "Throughput", "Render cost", "Size", "Lighthouse") are
// replaced; any other section of results.md (e.g. "Load") is kept as it is.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build, ROOT, run } from "../scripts/lib.mjs";
import { lighthouseTable, measureLighthouse } from "./lighthouse.mjs";
import { mainRoutes, measureRenderCost, renderCostTable } from "./render-cost.mjs";
import {
  BENCH_PORT,
  machine,
  startRenderingServer,
  startReportingServer,
  startServer,
  uncachedConfig,
  workerRuntimePid,
} from "./server.mjs";
import {
  BUDGETS,
  frameworkFloor,
  initialLoad,
  inlineCss,
  kb,
  MAIN_ROUTES,
  readManifest,
  totalClientJs,
} from "./size.mjs";
import { measureThroughput, throughputTable, WRK_SETTINGS } from "./throughput.mjs";

const RESULTS = join(ROOT, "bench", "results.md");
const SETTLE_MS = 5000;
const started = new Date();
const host = machine();
const log = (s) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0)} s] ${s}`);

if (!process.argv.includes("--no-build")) {
  log("production build");
  build();
}

log("size");
const manifest = readManifest();
const sizes = MAIN_ROUTES.map(([path, id]) => ({ path, ...initialLoad(id, manifest) }));
const total = totalClientJs();
const floor = frameworkFloor(manifest);
const css = inlineCss();

log("Worker bundle (wrangler deploy --dry-run)");
const deploy = spawnSync(process.execPath, [join(ROOT, "scripts", "deploy-check.mjs")], {
  encoding: "utf8",
  cwd: ROOT,
});
const workerLine = deploy.stdout.match(/Worker bundle: .+/)?.[0] ?? `deploy-check failed: ${deploy.stderr}`;
const workerGzipKiB = Number(workerLine.match(/([\d.]+) KiB gzip/)?.[1]);

const loadBefore = host.load;
const pages = await startServer();
const reporting = await startReportingServer();
const rendering = await startRenderingServer();
const uncached = await startServer({ port: BENCH_PORT + 1, config: uncachedConfig() });
let render;
let throughput;
let lighthouse;
let routes;
try {
  // wrangler keeps working for a few seconds after a server answers its first request.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  routes = await mainRoutes(pages.url);
  log("render cost");
  render = await measureRenderCost({
    url: rendering.url,
    pid: workerRuntimePid(rendering, BENCH_PORT + 2),
    routes,
  });
  log("throughput");
  throughput = await measureThroughput({
    pages: pages.url,
    reporting: reporting.url,
    rendering: rendering.url,
    uncached: uncached.url,
    asset: "/favicon.svg",
  });
  uncached.stop();
  rendering.stop();
  reporting.stop();
  log("Lighthouse");
  lighthouse = await measureLighthouse({ url: pages.url, routes });
} finally {
  pages.stop();
  reporting.stop();
  rendering.stop();
  uncached.stop();
}
const loadAfter = machine().load;

// ── budgets ─────────────────────────────────────────────────────────────────────────────
const home = sizes.find((s) => s.path === "/");
const maxCss = Math.max(...sizes.map((s) => s.css));
const ssr = throughput.find((r) => r.name === "Cached SSR page (page cache)");
const ssrReported = throughput.find((r) => r.name.includes("SENTRY_DSN"));
const worstRender = render.reduce((a, b) => (a.render.median > b.render.median ? a : b));
const lhMisses = lighthouse.flatMap((r) => {
  const misses = [];
  if (r.scores.performance < 95) misses.push(`${r.name} performance ${r.scores.performance}`);
  for (const c of ["accessibility", "best-practices", "seo"]) {
    if (r.scores[c] < 100) misses.push(`${r.name} ${c} ${r.scores[c]} (${r.failingBy[c].join(", ")})`);
  }
  return misses;
});
const mark = (ok) => (ok ? "met" : "**missed**");
const budgetRows = [
  ["Initial JS for / (gzip)", "≤ 130 KB", kb(home.js), home.js <= BUDGETS.homeJs],
  ["CSS per page (gzip)", "≤ 20 KB", kb(maxCss), maxCss <= BUDGETS.css],
  ["Worker bundle (gzip)", "≤ 1024 KiB", `${workerGzipKiB} KiB`, workerGzipKiB <= 1024],
  [
    "Cached SSR page vs static asset (requests/s)",
    "≥ 80%",
    `${(ssr.ratio * 100).toFixed(0)}% (${(ssrReported.ratio * 100).toFixed(0)}% with SENTRY_DSN set)`,
    ssr.ratio >= 0.8,
  ],
  [
    "SSR render CPU, median (worst route)",
    "≤ 5 ms",
    `${worstRender.render.median.toFixed(2)} ms (${worstRender.name})`,
    worstRender.render.median <= 5,
  ],
  [
    "Lighthouse mobile: performance ≥ 95, others 100",
    "every route",
    lhMisses.length ? lhMisses.join("; ") : "all routes",
    lhMisses.length === 0,
  ],
];

const when = `${started.toISOString().slice(0, 16).replace("T", " ")} UTC`;
const machineLine = `${host.model}, ${host.cores} cores, ${host.memGiB} GiB, Node ${host.node}; load average ${loadBefore} before the servers started, ${loadAfter} at the end`;
const sections = {
  "Budgets (docs/decisions/019)": [
    `Measured ${when} by \`node bench/run.mjs\` on ${machineLine}. Production build (NODE_ENV=production) under \`wrangler dev\` on 127.0.0.1.`,
    "",
    "| Budget (docs/decisions/019) | Target | Measured | |",
    "| --- | --- | --- | --- |",
    ...budgetRows.map(([name, target, value, ok]) => `| ${name} | ${target} | ${value} | ${mark(ok)} |`),
  ],
  Throughput: [
    `\`node bench/throughput.mjs\`. ${WRK_SETTINGS}; \`Accept-Encoding: identity\`, a desktop browser's user agent. Four servers of the same build and database: the page cache on (static asset, cached page, /api/search), the same with SENTRY_DSN set (a local sink accepts the envelopes; every request is traced, docs/product.md section 9), PAGE_CACHE=off (the page rendered on every request, its content from the KV edge cache), and no KV binding (every request renders and reads D1). A figure is the median of the rounds; a ratio is the median of the per-round ratios to the static asset.`,
    "",
    throughputTable(throughput),
  ],
  "Render cost": [
    "`node bench/render-cost.mjs`. CPU time charged by the kernel (schedstat, all threads) to the workerd process that runs the Worker (PAGE_CACHE=off, so every page renders), one request at a time, edge cache warm, 100 pairs per route after 20 warm-up pairs. Render CPU = page request − React Router data request (`.data`: same middleware, loaders and serialisation, no React) for the same URL, pair by pair. The request columns include what that process also runs locally: the assets router and the KV/D1 simulators.",
    "",
    renderCostTable(render),
  ],
  Size: [
    "`node bench/size.mjs` (also the `size` lane of `npm test`). What a page loads before hydration, from React Router's manifest: entry + its imports + the manifest + root + route module and their static imports, each file gzip -9. CSS is the stylesheet inlined in the document head.",
    "",
    "| Route | Initial JS (gzip) | JS files | CSS (gzip) |",
    "| --- | ---: | ---: | ---: |",
    ...sizes.map((s) => `| ${s.path} | ${kb(s.js)} | ${s.jsFiles} | ${kb(s.css)} |`),
    "",
    `- Loaded by every page (the entry chunk and its imports: React, React DOM, React Router, Jotai and our shared components, one chunk since vite.config.ts groups them): ${kb(floor)} gzip`,
    `- Inline stylesheet: ${kb(css.raw)} raw, ${kb(css.gzip)} gzip`,
    `- Total client JavaScript: ${total.files} files, ${kb(total.raw)} raw, ${kb(total.gzip)} gzip`,
    `- ${workerLine}`,
  ],
  Lighthouse: [
    `\`node bench/lighthouse.mjs\`. Lighthouse ${lighthouseVersion()} (npm), Debian's Chromium (CHROME_PATH=/usr/bin/chromium), default mobile settings: emulated Moto G Power, simulated slow 4G, 4x CPU slowdown. Reports in tests/.artifacts/lighthouse/.`,
    "",
    lighthouseTable(lighthouse),
  ],
};

writeFileSync(RESULTS, mergeSections(existsSync(RESULTS) ? readFileSync(RESULTS, "utf8") : "", sections));
// Formatted as `npm test`'s lint lane expects (Biome aligns the tables).
run("biome", ["format", "--write", RESULTS], { quiet: true });
log(`wrote ${RESULTS}`);
for (const [name, target, value, ok] of budgetRows)
  console.log(`${ok ? "✔" : "✖"} ${name} ${target}: ${value}`);

function lighthouseVersion() {
  return JSON.parse(readFileSync(join(ROOT, "node_modules", "lighthouse", "package.json"), "utf8")).version;
}

/** Replaces (or appends) this script's "## " sections, keeping every other section in place. */
function mergeSections(text, ours) {
  const title = "# Benchmark results";
  const parts = text.split(/^(?=## )/m);
  const preamble =
    parts[0].trim() || `${title}\n\nThe last run of each benchmark in bench/ (README.md, "Benchmarks").`;
  const kept = parts.slice(1).filter((p) => !(p.match(/^## (.+)/)?.[1].trim() in ours));
  const mine = Object.entries(ours).map(([name, lines]) => `## ${name}\n\n${lines.join("\n")}\n`);
  return `${[preamble, ...mine, ...kept.map((p) => p.trim())].join("\n\n").trim()}\n`;
}
