// `node bench/first-layout.mjs [--runs N] [--paths /,/blog] [--without "<css>"]`: what Chromium
// lays out while a page loads (Debian's Chromium, a 412 px phone window, no throttling), read
// from a trace of each load: the largest layout (its time and how many objects it laid out;
// Lighthouse's simulation turns it into one main-thread task at 4x) and all layout and style
// work of the load together. With --without, loads alternate between the page as served and the
// same page with that CSS appended to the site's stylesheet (e.g. a rule switched off), so both
// variants meet the same moments of a noisy machine (docs/decisions/113). Prints the medians.
import { chromium } from "playwright-core";
import { median, phonePage, startServer } from "./server.mjs";

const args = process.argv.slice(2);
const opt = (name) => args.flatMap((a, i) => (a === name ? [args[i + 1]] : []))[0];
const runs = Number(opt("--runs") ?? 10);
const paths = (opt("--paths") ?? "/,/blog").split(",");
const without = opt("--without");
const variants =
  without === undefined
    ? [["as served", ""]]
    : [
        ["as served", ""],
        ["without", without],
      ];

const server = await startServer();
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium" });
try {
  for (const path of paths) {
    const seen = new Map(variants.map(([name]) => [name, []]));
    for (let run = 0; run < runs; run++)
      for (const [name, css] of variants) seen.get(name).push(await load(`${server.url}${path}`, css));
    for (const [name, loads] of seen) {
      const med = (pick) => median(loads.map(pick));
      console.log(
        `${path} ${name}: largest layout ${med((l) => l.largest).toFixed(1)} ms, ${med((l) => l.objects)} objects; all layout ${med((l) => l.layout).toFixed(1)} ms; style ${med((l) => l.style).toFixed(1)} ms (median of ${loads.length} loads)`,
      );
    }
  }
} finally {
  await browser.close();
  server.stop();
}

/** One load of `url` in a fresh phone-sized context, `css` appended to the site's stylesheet. */
async function load(url, css) {
  const { context, page } = await phonePage(browser);
  if (css)
    await page.route(url, async (route) => {
      const answer = await route.fetch();
      const headers = { ...answer.headers() };
      // The page's CSP pins its stylesheet; the changed copy is served without it.
      delete headers["content-security-policy"];
      delete headers["content-length"];
      const body = (await answer.text()).replace("</style>", `${css}</style>`);
      await route.fulfill({ status: answer.status(), headers, body });
    });
  await browser.startTracing(page, {
    categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"],
  });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(300);
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  await context.close();
  const timed = (name) => events.filter((e) => e.name === name && e.ph === "X");
  const layouts = timed("Layout");
  const largest = layouts.reduce((a, b) => (b.dur > a.dur ? b : a), { dur: 0 });
  const sum = (list) => list.reduce((total, e) => total + e.dur, 0) / 1000;
  return {
    largest: largest.dur / 1000,
    objects: largest.args?.beginData?.dirtyObjects ?? 0,
    layout: sum(layouts),
    style: sum(timed("UpdateLayoutTree")),
  };
}
