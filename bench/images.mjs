// `node bench/images.mjs`: what a label's photos cost a visitor. Two stores of the same build:
// the demo catalogue with every picture a 3000 × 3000 photo-like JPEG of about 2.4 MB (made by
// scripts/media/photos.ts from a seed per item, kept in tests/.artifacts/bench-photos/), and its
// twin with SVG art in every place. Per main route, in Chromium at 375 px 3x and 1280 px 1x:
// the image bytes of the first view (what loads before a scroll, lazy covers within Chromium's
// loading distance included) and of the whole page scrolled to its end, against the ideal (each
// image at its drawn width × the pixel ratio, in its own shape, as AVIF at the Worker's quality,
// encoded here by sharp; beside it the stricter figure against the drawn box, which a card's
// crop of a square cover makes smaller); then Lighthouse mobile's LCP of each route, photos
// against the SVG twin, turn about. The variants are made first as after an import (each
// photo's first-view widths) and in a warm-up of the same loads (the rest, on first request);
// the measured loads count the variants answered without a transformation (X-Image-Variant:
// kept) and those made (made). IMAGES_LIGHTHOUSE_LOADS (5) loads per route and store;
// IMAGES_LIGHTHOUSE=0 leaves Lighthouse out (bench/decisions/143-images-ideal-warming-and-five-loads.md).
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import sharp from "sharp";
import { tsImport } from "tsx/esm/api";
import { prepareDatabase, ROOT, serve } from "../scripts/lib.mjs";
import { lighthouse } from "./lighthouse.mjs";
import { BENCH_PORT, BROWSER_UA, PERSIST_TO } from "./server.mjs";

const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const WORK = join(ROOT, "tests", ".artifacts", "bench-images");
const PHOTOS = join(ROOT, "tests", ".artifacts", "bench-photos");
const PHOTO_SIDE = 3000;
const AVIF_QUALITY = 55; // worker/media/images.ts
export const IMAGE_VIEWPORTS = [
  { name: "375 px 3x", width: 375, height: 812, scale: 3 },
  { name: "1280 px 1x", width: 1280, height: 900, scale: 1 },
];
// The median of five loads per route and store, as the Lighthouse section (bench/decisions/117-lighthouse-median-of-five-loads.md).
const LOADS = Number(process.env.IMAGES_LIGHTHOUSE_LOADS ?? 5);
/** The front-matter fields that hold an item's picture (scripts/content/kinds/). */
export const IMAGE_LINE = /^(cover_image|artwork|image|featured_image): (\S+)$/m;

/** The routes: the main ones a picture decides, with real slugs. */
async function imageRoutes(url) {
  const first = async (list, prefix) => {
    const html = await (await fetch(`${url}${list}`, { headers: { "User-Agent": BROWSER_UA } })).text();
    const m = html.match(new RegExp(`href="(${prefix}[^"#?]+)"`));
    if (!m) throw new Error(`${list} links to no ${prefix}…`);
    return m[1];
  };
  return [
    ["/", "/"],
    ["/blog", "/blog"],
    ["/releases", "/releases"],
    ["/artists", "/artists"],
    ["a post", await first("/blog", "/blog/")],
    ["a release", await first("/releases", "/releases/")],
  ];
}

/** A 3000 px photo for seed `n`, made once and kept. */
async function photo(n) {
  const file = join(PHOTOS, `${PHOTO_SIDE}-${n}.jpg`);
  if (!existsSync(file)) {
    const { makePhoto } = await tsImport("../scripts/media/photos.ts", import.meta.url);
    mkdirSync(PHOTOS, { recursive: true });
    writeFileSync(file, await makePhoto({ width: PHOTO_SIDE, height: PHOTO_SIDE, seed: 5000 + n }));
  }
  return file;
}

/**
 * The two folders: content/ with each picture an SVG (the twin: the demo's photos become the
 * placeholder art), and with each a 3000 px photo beside its file. Returns the photos by file.
 */
async function prepareFolders(log) {
  rmSync(WORK, { recursive: true, force: true });
  const twin = join(WORK, "svg");
  const photos = join(WORK, "photos");
  let n = 0;
  const made = [];
  for (const kind of readdirSync(join(ROOT, "content"))) {
    for (const dir of [twin, photos]) mkdirSync(join(dir, kind), { recursive: true });
    for (const name of readdirSync(join(ROOT, "content", kind)).filter((f) => f.endsWith(".md"))) {
      const text = readFileSync(join(ROOT, "content", kind, name), "utf8");
      const field = text.match(IMAGE_LINE);
      const svg = field?.[2].startsWith("/media/img/")
        ? text.replace(IMAGE_LINE, `$1: /media/covers/placeholder.svg`)
        : text;
      writeFileSync(join(twin, kind, name), svg);
      if (!field || field[2] === "null") {
        writeFileSync(join(photos, kind, name), text);
        continue;
      }
      const jpg = name.replace(/\.md$/, ".jpg");
      cpSync(await photo(n++), join(photos, kind, jpg));
      made.push(join(photos, kind, jpg));
      writeFileSync(join(photos, kind, name), text.replace(IMAGE_LINE, `$1: ${jpg}`));
    }
  }
  log(`images: ${made.length} photos of ${PHOTO_SIDE} px in ${photos}`);
  return { twin, photos, files: made };
}

/** A store of its own: the demo seed, then the folder imported over it. */
function store(folder, state) {
  rmSync(state, { recursive: true, force: true });
  cpSync(PERSIST_TO, state, { recursive: true });
  const out = spawnSync(
    join(ROOT, "node_modules", ".bin", "tsx"),
    ["scripts/content/cli.ts", "import", folder, "--persist-to", state, "--site", "http://127.0.0.1:9"],
    { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (out.status !== 0) throw new Error(`import of ${folder} failed:\n${out.stderr || out.stdout}`);
}

/** One load of `url`: the images of the first view, then of the page scrolled to its end. */
async function loadPage(browser, url, viewport) {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    deviceScaleFactor: viewport.scale,
    userAgent: BROWSER_UA,
  });
  const page = await context.newPage();
  const responses = [];
  page.on("response", (res) => {
    if (res.request().resourceType() !== "image") return;
    responses.push(
      res
        .body()
        .then((body) => ({ url: res.url(), bytes: body.length, variant: res.headers()["x-image-variant"] }))
        .catch(() => ({ url: res.url(), bytes: 0 })),
    );
  });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(1500);
  const first = await Promise.all(responses.slice());
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += viewport.height / 2) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(120);
  }
  await page.waitForTimeout(1500);
  const all = await Promise.all(responses);
  const drawn = await page.evaluate(() =>
    [...document.images]
      .filter((img) => img.currentSrc.includes("/media/img/") && img.naturalWidth > 0)
      .map((img) => {
        const box = img.getBoundingClientRect();
        return { src: img.currentSrc, width: box.width, height: box.height };
      }),
  );
  await context.close();
  return { first, all, drawn };
}

const sum = (list) => list.reduce((s, r) => s + r.bytes, 0);

/**
 * The ideal bytes of one drawn image: its original at the drawn width × the ratio in its own
 * shape, as AVIF; with `height`, cropped to the drawn box instead.
 */
const idealCache = new Map();
async function idealBytes(original, width, height) {
  const key = `${original}@${width}x${height ?? "auto"}`;
  if (!idealCache.has(key))
    idealCache.set(
      key,
      sharp(original)
        .resize(width, height, height ? { fit: "cover" } : {})
        .avif({ quality: AVIF_QUALITY })
        .toBuffer()
        .then((b) => b.length),
    );
  return idealCache.get(key);
}

export async function measureImages({ log = console.log, lighthouseLoads = LOADS } = {}) {
  rmSync(PERSIST_TO, { recursive: true, force: true });
  prepareDatabase(PERSIST_TO);
  const folders = await prepareFolders(log);
  const { photoHash } = await tsImport("../scripts/content/images.ts", import.meta.url);
  const originalOf = new Map(folders.files.map((f) => [photoHash(readFileSync(f)), f]));
  log("images: importing the two stores");
  const svgState = `${PERSIST_TO}-images-svg`;
  const photoState = `${PERSIST_TO}-images-photos`;
  store(folders.twin, svgState);
  store(folders.photos, photoState);
  const svgServer = await serve({ port: BENCH_PORT + 30, persistTo: svgState, stdio: "ignore" });
  const photoServer = await serve({ port: BENCH_PORT + 31, persistTo: photoState, stdio: "ignore" });
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ["--headless", "--no-sandbox"],
  });
  try {
    // What an import does once the site answers (scripts/content/media.ts): each photo's
    // first-view variants made; the bench's import names no site, so it is done here.
    const { warmImages } = await tsImport("../scripts/content/media.ts", import.meta.url);
    const uploads = [...originalOf.keys()].map((hash) => ({ key: `img/${hash}` }));
    const warmed = (await warmImages(uploads, photoServer.url)).trim();
    log(`images: the import's warming: ${warmed}`);
    const routes = await imageRoutes(photoServer.url);
    // The warm-up: the rest of the variants the measured loads will ask for, made on first
    // request as a visitor would.
    let madeInWarmUp = 0;
    for (const [, path] of routes)
      for (const viewport of IMAGE_VIEWPORTS) {
        const { all } = await loadPage(browser, `${photoServer.url}${path}`, viewport);
        madeInWarmUp += all.filter((r) => r.variant === "made").length;
      }
    log(`images: warm-up made ${madeInWarmUp} variants`);
    const rows = [];
    const counts = { kept: 0, made: 0, original: 0 };
    const madeUrls = [];
    for (const [name, path] of routes) {
      for (const viewport of IMAGE_VIEWPORTS) {
        const photos = await loadPage(browser, `${photoServer.url}${path}`, viewport);
        const svg = await loadPage(browser, `${svgServer.url}${path}`, viewport);
        for (const r of photos.all) if (r.variant in counts) counts[r.variant]++;
        for (const r of photos.all)
          if (r.variant === "made") madeUrls.push(`${new URL(r.url).pathname} (${name}, ${viewport.name})`);
        const bytesOf = new Map(photos.all.map((r) => [r.url, r.bytes]));
        let ideal = 0;
        let worst = { ratio: 0 };
        let worstBox = { ratio: 0 };
        // One file drawn in several places (the lead story's photo in the hero and in a card,
        // when the browser reuses the larger candidate it has for the smaller box) was sent once:
        // it is judged once, against its largest drawing (bench/decisions/148-one-file-judged-once.md).
        const px = (img) => Math.max(1, Math.round(img.width * viewport.scale));
        const largest = new Map();
        const widths = new Map();
        for (const img of photos.drawn) widths.set(img.src, [...(widths.get(img.src) ?? []), px(img)]);
        for (const [src, list] of widths) {
          largest.set(src, Math.max(...list));
          if (new Set(list).size > 1)
            log(`images: ${name} ${viewport.name}: ${new URL(src).pathname} drawn at ${list.join(", ")} px`);
        }
        const seen = new Set();
        for (const img of photos.drawn) {
          const hash = new URL(img.src).pathname.split("/")[3];
          const original = originalOf.get(hash);
          const w = px(img);
          const h = Math.max(1, Math.round(img.height * viewport.scale));
          if (!original || w < (largest.get(img.src) ?? 0) || seen.has(img.src)) continue;
          seen.add(img.src);
          const best = await idealBytes(original, w);
          ideal += best;
          const sent = bytesOf.get(img.src) ?? 0;
          const ratio = sent / best;
          if (ratio > worst.ratio) worst = { ratio, src: img.src, w, h };
          const box = sent / (await idealBytes(original, w, h));
          if (box > worstBox.ratio) worstBox = { ratio: box, src: img.src, w, h };
        }
        rows.push({
          name,
          path,
          viewport: viewport.name,
          firstView: sum(photos.first),
          whole: sum(photos.all),
          images: photos.all.length,
          ideal,
          worst,
          worstBox,
          svgFirstView: sum(svg.first),
          svgWhole: sum(svg.all),
        });
        log(
          `images: ${name} ${viewport.name}: ${kb(sum(photos.first))} first view, ${kb(sum(photos.all))} whole`,
        );
      }
    }
    for (const url of madeUrls) log(`images: made in a measured load: ${url}`);
    const lcp = [];
    if (process.env.IMAGES_LIGHTHOUSE !== "0") {
      for (const [name, path] of routes) {
        const runs = { svg: [], photos: [] };
        for (let load = 1; load <= lighthouseLoads; load++) {
          for (const [which, server] of [
            ["svg", svgServer],
            ["photos", photoServer],
          ]) {
            runs[which].push(await lighthouse(`${server.url}${path}`, `images-${which}-${name}`, 1, load));
          }
        }
        const median = (list) => list.slice().sort((a, b) => a.lcp - b.lcp)[Math.floor(list.length / 2)];
        const row = { name, path, svg: median(runs.svg), photos: median(runs.photos) };
        lcp.push(row);
        log(`images: ${name} LCP ${ms(row.svg.lcp)} with SVG, ${ms(row.photos.lcp)} with photos`);
      }
    }
    return { rows, counts, madeUrls, warmed, madeInWarmUp, lcp, photos: folders.files.length };
  } finally {
    await browser.close();
    svgServer.stop();
    photoServer.stop();
  }
}

export const kb = (bytes) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MB` : `${(bytes / 1024).toFixed(0)} KB`;
const ms = (v) => (v === undefined ? "n/a" : `${Math.round(v)} ms`);

/**
 * The section's goals, for the Budgets table of bench/results.md: each [name, target, judge],
 * `judge` giving the measured value and whether it is met. The bench's photos are photo-like
 * noise whose grain averages away when scaled down, so these goals are the bench's.
 */
export const imageBudgets = [
  [
    "Images: first view of /releases on a phone (375 px 3x), 3000 px photos",
    "≤ 300 KB",
    (v) => {
      const r = v.rows.find((x) => x.path === "/releases" && x.viewport === IMAGE_VIEWPORTS[0].name);
      return [kb(r.firstView), r.firstView <= 300 * 1024];
    },
  ],
  [
    "Images: the whole of /artists scrolled, on a phone",
    "≤ 1.5 MB",
    (v) => {
      const r = v.rows.find((x) => x.path === "/artists" && x.viewport === IMAGE_VIEWPORTS[0].name);
      return [kb(r.whole), r.whole <= 1.5 * 1024 * 1024];
    },
  ],
  [
    "Images: every image against its ideal (its drawn width × the pixel ratio, AVIF)",
    "≤ 1.5x",
    (v) => {
      const worst = v.rows.reduce((a, b) => (a.worst.ratio >= b.worst.ratio ? a : b));
      return [
        `${worst.worst.ratio.toFixed(2)}x (${worst.name}, ${worst.viewport})`,
        worst.worst.ratio <= 1.5,
      ];
    },
  ],
  [
    "Images: Lighthouse mobile LCP of each main route with photos against its SVG twin",
    "≤ +300 ms",
    (v) => {
      if (!v.lcp.length) return ["not measured (IMAGES_LIGHTHOUSE=0)", undefined];
      const worst = v.lcp.reduce((a, b) => (a.photos.lcp - a.svg.lcp >= b.photos.lcp - b.svg.lcp ? a : b));
      const delta = worst.photos.lcp - worst.svg.lcp;
      return [`${delta >= 0 ? "+" : ""}${Math.round(delta)} ms (${worst.name})`, delta <= 300];
    },
  ],
  [
    "Images: a variant already made is answered without a transformation",
    "none made in the measured loads",
    (v) => [`${v.counts.kept} kept, ${v.counts.made} made`, v.counts.made === 0 && v.counts.original === 0],
  ],
];

/** The section's lines for bench/results.md. */
export function imagesLines(v) {
  const worstRatio = Math.max(...v.rows.map((r) => r.worst.ratio));
  return [
    `\`node bench/images.mjs\`. Two stores of the same build: the demo catalogue with every picture (${v.photos}) a ${PHOTO_SIDE} × ${PHOTO_SIDE} photo-like JPEG of about 2.4 MB (scripts/media/photos.ts), and its twin with SVG art in every place. Chromium, a fresh context per load; "first view" is what loads before a scroll (lazy images within Chromium's loading distance included), "whole page" the page scrolled to its end. The ideal is each drawn image at its drawn width × the pixel ratio, in its own shape, as AVIF at the Worker's quality (${AVIF_QUALITY}), encoded by sharp; "worst" is the image furthest above its ideal. "Against the drawn box" is the stricter figure, the ideal cropped to the box the image is drawn in: a card draws a square cover in a 16:10 box (object-fit: cover), so the part cropped away is sent too (a crop per box would double the variants, and the local binding letterboxes crops). Locally the Images binding ignores \`quality\`, so these variants are sharp's default AVIF. First the import's warming of every photo's first-view variants (${v.warmed.replace(/ at http\S+/, "")}), then a warm-up of the same loads made ${v.madeInWarmUp} more on first request (bench/decisions/143-images-ideal-warming-and-five-loads.md); the measured loads got ${v.counts.kept} kept (no transformation), ${v.counts.made} made and ${v.counts.original} originals${v.madeUrls.length ? ` (made: ${v.madeUrls.join("; ")})` : ""}.`,
    "",
    "| route | screen | first view | whole page | images | ideal (whole) | worst image vs its ideal | worst against the drawn box | SVG twin: first view | SVG twin: whole |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...v.rows.map(
      (r) =>
        `| ${r.name} | ${r.viewport} | ${kb(r.firstView)} | ${kb(r.whole)} | ${r.images} | ${kb(r.ideal)} | ${r.worst.ratio ? `${r.worst.ratio.toFixed(2)}x (${r.worst.w} px wide)` : "n/a"} | ${r.worstBox.ratio ? `${r.worstBox.ratio.toFixed(2)}x (${r.worstBox.w} × ${r.worstBox.h})` : "n/a"} | ${kb(r.svgFirstView)} | ${kb(r.svgWhole)} |`,
    ),
    "",
    `Worst image of the run: ${worstRatio.toFixed(2)}x its ideal.`,
    ...(v.lcp.length
      ? [
          "",
          `Lighthouse mobile (emulated Moto G Power, simulated slow 4G, 4x CPU), LCP, the median of ${LOADS} loads per store, the stores turn about:`,
          "",
          "| route | LCP, SVG twin | LCP, photos | photos − SVG | performance, SVG | performance, photos |",
          "| --- | ---: | ---: | ---: | ---: | ---: |",
          ...v.lcp.map(
            (r) =>
              `| ${r.name} | ${ms(r.svg.lcp)} | ${ms(r.photos.lcp)} | ${ms(r.photos.lcp - r.svg.lcp)} | ${r.svg.scores.performance} | ${r.photos.scores.performance} |`,
          ),
        ]
      : []),
  ];
}

if (process.argv[1] === import.meta.filename) {
  const value = await measureImages();
  console.log(imagesLines(value).join("\n"));
}
