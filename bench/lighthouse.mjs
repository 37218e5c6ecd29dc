// `node bench/lighthouse.mjs`: Lighthouse (npm `lighthouse`, Debian's Chromium through
// CHROME_PATH) with its default mobile settings (emulated Moto G Power, simulated slow 4G and 4x
// CPU slowdown) on the main routes of the production build, all four categories, one route
// at a time. JSON reports go to tests/.artifacts/lighthouse/.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ROOT } from "../scripts/lib.mjs";
import { mainRoutes } from "./render-cost.mjs";
import { startServer } from "./server.mjs";

const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const OUT = join(ROOT, "tests", ".artifacts", "lighthouse");
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/** One Lighthouse run; returns scores (0-100), key metrics and the failing audits' titles. */
export function lighthouse(url, name) {
  mkdirSync(OUT, { recursive: true });
  const report = join(OUT, `${name.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}.json`);
  const run = spawnSync(
    join(ROOT, "node_modules", ".bin", "lighthouse"),
    [
      url,
      "--quiet",
      "--output=json",
      `--output-path=${report}`,
      `--only-categories=${CATEGORIES.join(",")}`,
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
    ],
    { env: { ...process.env, CHROME_PATH }, encoding: "utf8" },
  );
  if (run.status !== 0) throw new Error(`lighthouse ${url} failed:\n${run.stderr}`);
  const lhr = JSON.parse(readFileSync(report, "utf8"));
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  );
  const metric = (id) => lhr.audits[id]?.numericValue;
  const failingIn = (category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((r) => r.weight > 0)
      .map((r) => lhr.audits[r.id])
      .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative")
      .map((a) => a.id);
  const failingBy = Object.fromEntries(CATEGORIES.map((c) => [c, failingIn(c)]));
  const failing = CATEGORIES.flatMap((c) => failingBy[c]);
  return {
    scores,
    fcp: metric("first-contentful-paint"),
    lcp: metric("largest-contentful-paint"),
    tbt: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
    failing: [...new Set(failing)],
    failingBy,
  };
}

export async function measureLighthouse({ url, routes }) {
  const rows = [];
  for (const [name, path] of routes) rows.push({ name, path, ...lighthouse(`${url}${path}`, name) });
  return rows;
}

export function lighthouseTable(rows) {
  const lines = [
    "| Route | Performance | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS | Audits under 0.9 |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
  ];
  const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
  for (const r of rows) {
    const { performance, accessibility, seo } = r.scores;
    lines.push(
      `| ${r.name} (\`${r.path}\`) | ${performance} | ${accessibility} | ${r.scores["best-practices"]} | ${seo} | ${s(r.fcp)} | ${s(r.lcp)} | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${r.failing.join(", ") || "none"} |`,
    );
  }
  return lines.join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startServer();
  try {
    console.log(
      lighthouseTable(await measureLighthouse({ url: server.url, routes: await mainRoutes(server.url) })),
    );
  } finally {
    server.stop();
  }
}
