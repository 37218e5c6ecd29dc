// `node bench/render-cost.mjs`: CPU time of one server render of each main route in workerd.
//
// What is measured: the kernel's CPU accounting (/proc/<pid>/task/*/schedstat, nanoseconds) of
// the workerd process that runs the Worker under `wrangler dev` on the production build, read
// before and after each request, one request at a time, so nothing else runs in it meanwhile.
// That process also runs the assets router and the KV and D1 simulators, so a page request's
// CPU includes work production bills elsewhere. The render is isolated by pairing each page
// request with React Router's data request for the same URL (`/blog.data`): the same Worker
// middleware, loaders (edge cache warm) and data serialisation, without React. Render CPU =
// page request CPU − data request CPU, pair by pair. Wall time is never used. The same is also
// read for the process's main thread alone (where workerd runs JavaScript), so the table shows
// how much of the tail V8's background threads (garbage collection, compilation) add. The server runs
// with PAGE_CACHE=off: with it on, pages after the first would come from the page cache and
// nothing would render.
import { fileURLToPath } from "node:url";
import {
  BENCH_PORT,
  cpuSplitNs,
  firstLink,
  HEADERS,
  median,
  quantile,
  startRenderingServer,
  workerRuntimePid,
} from "./server.mjs";

const SAMPLES = Number(process.env.RENDER_SAMPLES ?? 100);
const WARMUP = 20;

/** React Router's data URL for a page URL ("/" → "/_root.data"). */
export function dataUrl(path) {
  const url = new URL(path, "http://x");
  url.pathname = url.pathname === "/" ? "/_root.data" : `${url.pathname.replace(/\/$/, "")}.data`;
  return `${url.pathname}${url.search}`;
}

/** The main routes with real slugs from the running site. */
export async function mainRoutes(url) {
  return [
    ["/", "/"],
    ["/blog", "/blog"],
    ["a post", await firstLink(url, "/blog", "/blog/")],
    ["a release", await firstLink(url, "/releases", "/releases/")],
    ["a mixtape", await firstLink(url, "/mixtapes", "/mixtapes/")],
    ["/search?q=techno", "/search?q=techno"],
  ];
}

/** CPU (ms) of one request: the whole process, and its main thread alone. */
async function cpuOf(pid, url) {
  const before = cpuSplitNs(pid);
  const res = await fetch(url, { headers: HEADERS });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  const after = cpuSplitNs(pid);
  return { total: (after.total - before.total) / 1e6, main: (after.main - before.main) / 1e6 };
}

export async function measureRenderCost({ url, pid, routes, samples = SAMPLES }) {
  const rows = [];
  for (const [name, path] of routes) {
    const data = dataUrl(path);
    for (let i = 0; i < WARMUP; i++) {
      await cpuOf(pid, `${url}${path}`);
      await cpuOf(pid, `${url}${data}`);
    }
    const page = [];
    const loaders = [];
    const render = [];
    const renderMain = [];
    const pageBackground = [];
    for (let i = 0; i < samples; i++) {
      const d = await cpuOf(pid, `${url}${data}`);
      const p = await cpuOf(pid, `${url}${path}`);
      loaders.push(d.total);
      page.push(p.total);
      render.push(p.total - d.total);
      renderMain.push(p.main - d.main);
      pageBackground.push(p.total - p.main);
    }
    rows.push({
      name,
      path,
      page: { median: median(page), p95: quantile(page, 0.95) },
      data: { median: median(loaders), p95: quantile(loaders, 0.95) },
      render: { median: median(render), p95: quantile(render, 0.95) },
      renderMain: { median: median(renderMain), p95: quantile(renderMain, 0.95) },
      pageBackground: { median: median(pageBackground), p95: quantile(pageBackground, 0.95) },
    });
  }
  return rows;
}

export function renderCostTable(rows) {
  const ms = (n) => n.toFixed(2);
  const lines = [
    "| Route | Render CPU median (ms) | Render CPU p95 (ms) | Render CPU on the main thread, median / p95 (ms) | Page request CPU median / p95 (ms) | of which background threads, median / p95 (ms) | Data request CPU median / p95 (ms) |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.name} (\`${r.path}\`) | ${ms(r.render.median)} | ${ms(r.render.p95)} | ${ms(r.renderMain.median)} / ${ms(r.renderMain.p95)} | ${ms(r.page.median)} / ${ms(r.page.p95)} | ${ms(r.pageBackground.median)} / ${ms(r.pageBackground.p95)} | ${ms(r.data.median)} / ${ms(r.data.p95)} |`,
    );
  }
  return lines.join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startRenderingServer();
  try {
    const pid = workerRuntimePid(server, BENCH_PORT + 2);
    const rows = await measureRenderCost({ url: server.url, pid, routes: await mainRoutes(server.url) });
    console.log(renderCostTable(rows));
  } finally {
    server.stop();
  }
}
