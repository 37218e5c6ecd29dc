// `node bench/hydration.mjs [--config <wrangler.json>]… [--runs N] [--paths /,/blog]`: how long
// a page takes in Debian's Chromium (375 px) until React has hydrated it, on one or more builds
// (each --config is a build's build/server/wrangler.json; default: the current build). Loads
// alternate between the builds, unthrottled and with Lighthouse's slow 4G and 4x CPU slowdown
// emulated (DevTools throttling, not a simulation). Per load: first contentful paint, when the
// last /assets/ script arrived, and React's first commit (the hydration), read from a stand-in
// for React DevTools' hook, which React calls on every commit. Prints the medians.
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { prepareDatabase, ROOT, serve, stopProcess } from "../scripts/lib.mjs";
import { BENCH_PORT, BROWSER_UA } from "./server.mjs";

const args = process.argv.slice(2);
const opt = (name) => args.flatMap((a, i) => (a === name ? [args[i + 1]] : []));
const configs = opt("--config").length ? opt("--config") : [join(ROOT, "build", "server", "wrangler.json")];
const runs = Number(opt("--runs")[0] ?? 5);
const paths = (opt("--paths")[0] ?? "/,/blog").split(",");

/** Lighthouse's mobile slow 4G (its DevTools throttling figures) and 4x CPU slowdown. */
const SLOW = { latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
const CONDITIONS = [
  ["unthrottled", null],
  ["slow 4G, 4x CPU", SLOW],
];

const HOOK = `(() => {
  window.__commits = [];
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, isDisabled: false, renderers: new Map(),
    inject() { return 1; }, onScheduleFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
    onCommitFiberRoot() { window.__commits.push(performance.now()); },
  };
})();`;

async function load(browser, url, throttle) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, userAgent: BROWSER_UA });
  await context.addInitScript(HOOK);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  if (throttle) {
    await cdp.send("Network.emulateNetworkConditions", { offline: false, ...throttle });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  }
  await page.goto(url, { waitUntil: "load", timeout: 60_000 });
  await page.waitForFunction(() => window.__commits.length > 0, null, { timeout: 60_000 });
  const m = await page.evaluate(() => {
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
    const scripts = performance
      .getEntriesByType("resource")
      .filter((r) => r.name.includes("/assets/") && r.name.endsWith(".js"));
    return {
      fcp,
      scripts: Math.max(...scripts.map((r) => r.responseEnd)),
      hydrated: window.__commits[0],
    };
  });
  await context.close();
  return m;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
};

const servers = [];
try {
  for (const [i, config] of configs.entries()) {
    const persistTo = join(ROOT, "tests", ".artifacts", `hydration-state-${i}`);
    rmSync(persistTo, { recursive: true, force: true });
    mkdirSync(persistTo, { recursive: true });
    prepareDatabase(persistTo);
    servers.push({
      config,
      ...(await serve({ port: BENCH_PORT + 20 + i, persistTo, stdio: "ignore", config })),
    });
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic"],
  });
  // Warm each server's page cache so every measured load is a cache hit.
  for (const s of servers)
    for (const p of paths) await fetch(`${s.url}${p}`, { headers: { "User-Agent": BROWSER_UA } });
  const lines = [
    "| Build | Path | Conditions | Loads | FCP | Scripts loaded | Hydrated |",
    "| --- | --- | --- | ---: | ---: | ---: | ---: |",
  ];
  for (const p of paths)
    for (const [label, throttle] of CONDITIONS) {
      const samples = servers.map(() => []);
      for (let r = 0; r < runs; r++)
        for (const [i, s] of servers.entries())
          samples[i].push(await load(browser, `${s.url}${p}`, throttle));
      for (const [i, s] of servers.entries()) {
        const ms = (k) => `${Math.round(median(samples[i].map((x) => x[k])))} ms`;
        lines.push(
          `| ${s.config} | ${p} | ${label} | ${runs} | ${ms("fcp")} | ${ms("scripts")} | ${ms("hydrated")} |`,
        );
      }
    }
  await browser.close();
  console.log(lines.join("\n"));
} finally {
  for (const s of servers) stopProcess(s.child);
}
