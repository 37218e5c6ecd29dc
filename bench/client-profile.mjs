// `node bench/client-profile.mjs [--runs N] [--paths /,/blog]`: where the browser's JavaScript
// time goes while a page loads and hydrates. Debian's Chromium, a 412 px phone window, the CPU
// slowed 4x (DevTools emulation); V8's sampling profiler from before the navigation until 2 s
// after `load`, over N loads. Prints, per path, the functions with the most own time (name,
// file, line), summed over the loads, and the own time per file. Build with `PROFILE_BUILD=1`
// first for readable names (vite.config.ts), never for a deploy.
import { chromium } from "playwright-core";
import { phonePage, startServer } from "./server.mjs";

const args = process.argv.slice(2);
const opt = (name) => args.flatMap((a, i) => (a === name ? [args[i + 1]] : []))[0];
const runs = Number(opt("--runs") ?? 5);
const paths = (opt("--paths") ?? "/,/blog").split(",");
const top = Number(opt("--top") ?? 30);

const server = await startServer();
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium" });
try {
  for (const path of paths) {
    const byFunction = new Map();
    const byFile = new Map();
    for (let run = 0; run < runs; run++) {
      for (const [key, file, ms] of await profile(`${server.url}${path}`)) {
        byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
        byFile.set(file, (byFile.get(file) ?? 0) + ms);
      }
    }
    const each = (ms) => (ms / runs).toFixed(1);
    console.log(`\n${path}: own time per load (mean of ${runs}), CPU 4x`);
    for (const [file, ms] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 12))
      console.log(`  ${each(ms).padStart(7)} ms  ${file}`);
    console.log("  functions:");
    for (const [key, ms] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(`  ${each(ms).padStart(7)} ms  ${key}`);
  }
} finally {
  await browser.close();
  server.stop();
}

/** One profiled load: [function key, file, own ms] for every profile node with time. */
async function profile(url) {
  const { context, page, cdp } = await phonePage(browser, { cpuSlowdown: 4 });
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(2000);
  const { profile: p } = await cdp.send("Profiler.stop");
  await context.close();
  const ownUs = new Map();
  for (let i = 0; i < p.samples.length; i++)
    ownUs.set(p.samples[i], (ownUs.get(p.samples[i]) ?? 0) + (p.timeDeltas[i + 1] ?? 0));
  return p.nodes
    .filter((n) => ownUs.get(n.id))
    .map((n) => {
      const { functionName, url: script, lineNumber } = n.callFrame;
      const file = script
        ? script.replace(/^.*\/assets\//, "").replace(/-[\w-]{8}\.js$/, "")
        : `(${functionName})`;
      return [`${functionName || "(anonymous)"} ${file}:${lineNumber + 1}`, file, ownUs.get(n.id) / 1000];
    });
}
