// `node bench/size.mjs`: what a browser downloads before hydration on each main route (gzip),
// the total client JavaScript, read from the production build. React Router's own manifest (the
// one <Scripts> and <Links> render from) lists, per route, the module and its static imports; a
// page loads the entry, the manifest, the root route and the matched route. The stylesheet is
// inlined in every document's head (app/styles/site-styles.tsx), so a page's CSS is that string,
// found in the Worker's build, plus any route CSS file the manifest lists.
// The Worker bundle (wrangler deploy --dry-run) is measured by scripts/deploy-check.mjs.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const ROOT = join(fileURLToPath(import.meta.url), "..", "..");
const CLIENT = join(ROOT, "build", "client");
const SERVER = join(ROOT, "build", "server");

/** The main routes of docs/decisions/019 and docs/decisions/019, as React Router route ids. */
export const MAIN_ROUTES = [
  ["/", "routes/home"],
  ["/blog", "blog"],
  ["/blog/:id", "routes/blog-post"],
  ["/releases/:id", "routes/release"],
  ["/mixtapes/:id", "routes/mixtape"],
  ["/search", "routes/search"],
];

/** docs/decisions/019. */
export const BUDGETS = { homeJs: 130 * 1024, css: 20 * 1024 };

const gzipped = new Map();
function gzipBytes(url) {
  if (!gzipped.has(url)) {
    const bytes = readFileSync(join(CLIENT, url));
    gzipped.set(url, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
  }
  return gzipped.get(url);
}

/** Reads build/client/assets/manifest-*.js, React Router's browser manifest. */
export function readManifest() {
  const assets = join(CLIENT, "assets");
  if (!existsSync(assets)) throw new Error("No production build in build/client: run `npm run build` first.");
  const file = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error("build/client/assets has no React Router manifest");
  const text = readFileSync(join(assets, file), "utf8");
  const json = text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1);
  return { url: `/assets/${file}`, manifest: JSON.parse(json) };
}

/**
 * The stylesheet inlined in every page: Vite turns `app.css?inline` into one template literal in
 * the Worker's build. app.css opens with its :root custom properties, which is how it is found.
 */
export function inlineCss() {
  const files = readdirSync(join(SERVER, "assets")).map((f) => join(SERVER, "assets", f));
  for (const file of [join(SERVER, "index.js"), ...files].filter((f) => f.endsWith(".js"))) {
    const js = readFileSync(file, "utf8");
    const start = js.indexOf("`:root{");
    if (start === -1) continue;
    const css = js.slice(start + 1, js.indexOf("`", start + 1));
    return { raw: Buffer.byteLength(css), gzip: gzipSync(css, { level: 9 }).length };
  }
  throw new Error(
    "No inlined stylesheet (`:root{…`) in build/server: the build is not what bench/size.mjs expects",
  );
}

/**
 * Initial JS and CSS (gzip bytes) of one route id: entry + manifest + the route and every route
 * above it (root, and the site layout for all but the embeds).
 */
export function initialLoad(routeId, { url, manifest } = readManifest()) {
  const route = manifest.routes[routeId];
  if (!route) throw new Error(`No route ${routeId} in the manifest`);
  const js = new Set([manifest.entry.module, ...manifest.entry.imports, url]);
  const css = new Set(manifest.entry.css ?? []);
  const chain = [];
  for (let r = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) chain.push(r);
  for (const r of chain) {
    js.add(r.module);
    for (const i of r.imports ?? []) js.add(i);
    for (const c of r.css ?? []) css.add(c);
  }
  const sum = (urls) => [...urls].reduce((n, u) => n + gzipBytes(u).gzip, 0);
  // The inline stylesheet travels gzipped with the document; counted on its own, as a file.
  return { js: sum(js), css: sum(css) + inlineCss().gzip, jsFiles: js.size, cssFiles: css.size, urls: js };
}

/** docs/decisions/031: an embed's JavaScript beyond React's runtime (gzip). */
export const EMBED_BUDGET = 20 * 1024;
/** The framework chunk vite.config.ts groups React, React DOM and React Router into. */
const FRAMEWORK_CHUNK = /^framework-[\w-]+\.js$/;

/** A chunk (by name prefix) and every chunk it imports statically, as asset URLs. */
function chunkClosure(prefix) {
  const assets = join(CLIENT, "assets");
  const files = readdirSync(assets);
  const start = files.find((f) => f.startsWith(`${prefix}-`) && f.endsWith(".js"));
  if (!start) throw new Error(`No ${prefix} chunk in build/client/assets`);
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(assets, file), "utf8");
    for (const [, dep] of code.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)) visit(dep);
  };
  visit(start);
  return [...seen].map((f) => `/assets/${f}`);
}

/**
 * What an embed page loads beyond the framework chunk: its initial JavaScript, then on the first
 * Play the engine driver and the largest of the four engines.
 */
export function embedLoad(routeId, build = readManifest()) {
  const { js, urls } = initialLoad(routeId, build);
  const framework = readdirSync(join(CLIENT, "assets")).find((f) => FRAMEWORK_CHUNK.test(f));
  if (!framework) throw new Error("No framework chunk: vite.config.ts groups React into one");
  const initial = js - gzipBytes(`/assets/${framework}`).gzip;
  const driver = new Set(chunkClosure("embed-engine").filter((url) => !urls.has(url)));
  const engines = ["mp3", "youtube", "soundcloud", "spotify"].map((name) =>
    chunkClosure(name)
      .filter((url) => !driver.has(url) && !urls.has(url))
      .reduce((n, url) => n + gzipBytes(url).gzip, 0),
  );
  const onPlay = [...driver].reduce((n, url) => n + gzipBytes(url).gzip, 0) + Math.max(...engines);
  return { initial, onPlay, total: initial + onPlay };
}

/** Every .js file under build/client/assets (raw and gzip). */
export function totalClientJs() {
  const files = readdirSync(join(CLIENT, "assets")).filter((f) => f.endsWith(".js"));
  return files.reduce(
    (acc, f) => {
      const { raw, gzip } = gzipBytes(`/assets/${f}`);
      return { files: acc.files + 1, raw: acc.raw + raw, gzip: acc.gzip + gzip };
    },
    { files: 0, raw: 0, gzip: 0 },
  );
}

/** What every page loads whatever its route: the entry chunk and its static imports. */
export function frameworkFloor({ manifest } = readManifest()) {
  return [manifest.entry.module, ...manifest.entry.imports].reduce((n, u) => n + gzipBytes(u).gzip, 0);
}

export const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const m = readManifest();
  console.log("| Route | Initial JS (gzip) | JS files | CSS (gzip) |");
  console.log("| --- | ---: | ---: | ---: |");
  for (const [path, id] of MAIN_ROUTES) {
    const r = initialLoad(id, m);
    console.log(`| ${path} | ${kb(r.js)} | ${r.jsFiles} | ${kb(r.css)} |`);
  }
  console.log("");
  for (const id of ["embed-blog", "embed-mixtapes", "embed-releases"]) {
    const e = embedLoad(id, m);
    console.log(`/${id.replace("-", "/")}/:id beyond React: ${kb(e.initial)}, then ${kb(e.onPlay)} on Play`);
  }
  const total = totalClientJs();
  console.log(`\nEvery page (entry + its imports): ${kb(frameworkFloor(m))} gzip`);
  console.log(`Total client JS: ${total.files} files, ${kb(total.raw)} raw, ${kb(total.gzip)} gzip`);
  console.log(`Budgets: initial JS for / ≤ ${kb(BUDGETS.homeJs)}, CSS ≤ ${kb(BUDGETS.css)} (gzip)`);
}
