// The floors the Lighthouse bench judges each route against (bench/decisions/100-lighthouse-floors.md), served by
// Node on 127.0.0.1 beside the site's `wrangler dev`, from the site's own HTML of that moment:
// - the limit: the same route's HTML with every script left out (no <script>, no
//   modulepreload), headers as the site sent them;
// - the framework floor: a bare React Router app (bench/floor/) that server-renders and
//   hydrates the same elements from its loader's data, with React Router's default document
//   (Meta, Links, ScrollRestoration, Scripts) and none of the site's components, sent with
//   the site's headers but its Content-Security-Policy (`floorHeaders`).
// Both answer every other request (images, the favicon) with the site's own answer, read from
// the site once and kept in memory, and gzip text as `wrangler dev` does for the site. The
// pages are read as a crawler reads them (whole documents: a browser's would carry React's
// streamed parts).

import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { ROOT, run } from "../scripts/lib.mjs";

const FLOOR = join(ROOT, "bench", "floor");
const CONTENT = join(ROOT, "tests", ".artifacts", "floors", "copies.json");
const CRAWLER_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** Builds the framework floor's app (bench/floor/build). */
export function buildFloorApp() {
  run("react-router", ["build", FLOOR], { env: { NODE_ENV: "production" }, quiet: true });
}

const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);
const RAW_TEXT = new Set(["script", "style", "textarea", "title"]);
const BOOLEAN = new Set(
  "allowfullscreen async autofocus autoplay checked controls default defer disabled formnovalidate hidden inert itemscope loop multiple muted nomodule novalidate open playsinline readonly required reversed selected".split(
    " ",
  ),
);
/** HTML attribute names whose React prop is spelled otherwise. */
const PROP_NAMES = {
  class: "className",
  for: "htmlFor",
  tabindex: "tabIndex",
  readonly: "readOnly",
  maxlength: "maxLength",
  minlength: "minLength",
  crossorigin: "crossOrigin",
  srcset: "srcSet",
  charset: "charSet",
  "http-equiv": "httpEquiv",
  autocomplete: "autoComplete",
  autofocus: "autoFocus",
  enctype: "encType",
  spellcheck: "spellCheck",
  fetchpriority: "fetchPriority",
  referrerpolicy: "referrerPolicy",
  inputmode: "inputMode",
  colspan: "colSpan",
  rowspan: "rowSpan",
  datetime: "dateTime",
  playsinline: "playsInline",
  novalidate: "noValidate",
  allowfullscreen: "allowFullScreen",
  formnovalidate: "formNoValidate",
  enterkeyhint: "enterKeyHint",
  accesskey: "accessKey",
  contenteditable: "contentEditable",
  "accept-charset": "acceptCharset",
  imagesizes: "imageSizes",
  imagesrcset: "imageSrcSet",
};

const ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
export function decodeEntities(text) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name) => {
    if (name[0] === "#")
      return String.fromCodePoint(
        name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1)),
      );
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const camel = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());

/** An element's attributes as React props (see bench/floor/app/tree.tsx). */
function propsOf(tag, attributes) {
  const props = {};
  for (const [, rawName, dq, sq, bare] of attributes.matchAll(
    /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g,
  )) {
    const name = rawName; // SVG keeps its case (viewBox)
    const value = decodeEntities(dq ?? sq ?? bare ?? "");
    const lower = name.toLowerCase();
    if (lower === "nonce") continue;
    if (lower === "style") {
      props.style = Object.fromEntries(
        value
          .split(";")
          .map((d) => d.split(/:(.*)/s).map((s) => s.trim()))
          .filter(([k, v]) => k && v !== undefined)
          .map(([k, v]) => [k.startsWith("--") ? k : camel(k), v]),
      );
      continue;
    }
    let prop = PROP_NAMES[lower] ?? name;
    if ((tag === "input" || tag === "textarea" || tag === "select") && lower === "value")
      prop = "defaultValue";
    if (tag === "input" && lower === "checked") prop = "defaultChecked";
    props[prop] = BOOLEAN.has(lower) && (value === "" || value === lower) ? true : value;
  }
  return props;
}

/**
 * React's server-rendered HTML as a tree of [tag, props, ...children] and strings (what
 * bench/floor renders again with createElement). Comments (React's text separators and
 * Suspense marks) are left out; so is every script and modulepreload: the floor app brings
 * React Router's own.
 */
export function htmlToTree(html) {
  const root = ["#root", {}];
  const stack = [root];
  const top = () => stack.at(-1);
  const token =
    /<!--[\s\S]*?-->|<!doctype[^>]*>|<\/([a-zA-Z][\w:-]*)\s*>|<([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>|[^<]+|</gi;
  for (;;) {
    const m = token.exec(html);
    if (!m) break;
    const [whole, close, open, attributes, selfClosing] = m;
    if (whole.startsWith("<!")) continue;
    if (close) {
      const name = close.toLowerCase();
      const at = stack.findLastIndex((n, i) => i > 0 && n[0].toLowerCase() === name);
      if (at > 0) stack.length = at;
      continue;
    }
    if (open) {
      // React writes HTML tags in lower case and SVG's as spelled (linearGradient).
      const tag = open;
      const node = [tag, propsOf(tag, attributes ?? "")];
      if (RAW_TEXT.has(tag) && !selfClosing) {
        const end = html.toLowerCase().indexOf(`</${tag}`, token.lastIndex);
        const text = html.slice(token.lastIndex, end < 0 ? html.length : end);
        token.lastIndex = end < 0 ? html.length : html.indexOf(">", end) + 1;
        if (tag === "script") continue;
        if (tag === "style") node[1].dangerouslySetInnerHTML = { __html: text };
        else if (tag === "textarea") node[1].defaultValue = decodeEntities(text);
        else if (text) node.push(decodeEntities(text));
        top().push(node);
        continue;
      }
      if (tag === "link" && /^modulepreload$/i.test(String(node[1].rel))) continue;
      top().push(node);
      if (!VOID.has(tag) && !selfClosing) stack.push(node);
      continue;
    }
    const text = decodeEntities(whole);
    const parent = top();
    // Whitespace between elements of the head or the document is not content.
    if (!text.trim() && ["#root", "html", "head"].includes(parent[0])) continue;
    parent.push(text);
  }
  return root.slice(2);
}

/** The parts of a page that bench/floor/app renders: head, body and their attributes. */
export function copyOf(html) {
  const tree = htmlToTree(html);
  const htmlEl = tree.find((n) => Array.isArray(n) && n[0] === "html");
  if (!htmlEl) throw new Error("no <html> element in the page");
  const [, htmlProps, ...parts] = htmlEl;
  const head = parts.find((n) => Array.isArray(n) && n[0] === "head") ?? ["head", {}];
  const body = parts.find((n) => Array.isArray(n) && n[0] === "body") ?? ["body", {}];
  return { lang: htmlProps.lang ?? "en", head: head.slice(2), body: body.slice(2), bodyProps: body[1] };
}

/** The page with every script left out: no <script> element and no modulepreload link. */
export function withoutScripts(html) {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "")
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, "");
}

const COMPRESSIBLE = /^(text\/|application\/(javascript|json)|image\/svg)/;

/**
 * Writes an answer, gzipped when the client accepts it and the type is text: `wrangler dev`
 * gzips the site's answers the same way, and Lighthouse's simulated network counts the bytes.
 */
function send(req, res, status, headers, body) {
  const type = String(Object.entries(headers).find(([n]) => n.toLowerCase() === "content-type")?.[1] ?? "");
  const out = Object.fromEntries(Object.entries(headers).filter(([n]) => !/^content-length$/i.test(n)));
  let bytes = Buffer.from(body);
  if (/\bgzip\b/.test(req.headers["accept-encoding"] ?? "") && COMPRESSIBLE.test(type)) {
    bytes = gzipSync(bytes);
    out["Content-Encoding"] = "gzip";
    out.Vary = "Accept-Encoding";
  }
  out["Content-Length"] = String(bytes.byteLength);
  res.writeHead(status, out);
  res.end(bytes);
}

/**
 * The site's answers to the floors' other requests (images, icons) by URL: each read from the
 * site once and then served from memory. Passed on while a page loaded, the floors' covers came
 * 90-115 ms after their page where the site's came 24-82 ms after its own, and that changed
 * which layout ran first: a cover's on the site, the page's on the floors. Lighthouse's
 * simulation counts only a load's first layout towards its first paint, so the order alone put
 * the site's first frame, and not the floors', in the blocking time (bench/decisions/116-floors-serve-the-sites-images-from-memory.md).
 */
const kept = new Map();

function siteAnswer(site, path) {
  const url = `${site}${path}`;
  let answer = kept.get(url);
  if (!answer) {
    answer = fetch(url, { headers: { "Accept-Encoding": "identity" } }).then(async (a) => ({
      status: a.status,
      headers: Object.fromEntries(
        [...a.headers].filter(([n]) => !/^(content-encoding|transfer-encoding|connection)$/i.test(n)),
      ),
      body: Buffer.from(await a.arrayBuffer()),
    }));
    kept.set(url, answer);
    // A failed read is tried again by the next request, not kept.
    answer.catch(() => kept.delete(url));
  }
  return answer;
}

/** Answers a request with the site's answer to it (the floors' images and icons). */
async function passOn(site, req, res) {
  try {
    const { status, headers, body } = await siteAnswer(site, req.url);
    send(req, res, status, headers, body);
  } catch (error) {
    res.writeHead(502).end(String(error));
  }
}

/**
 * The framework floor's headers for a page: the site's own for that page (its security policy:
 * Cross-Origin-Opener-Policy, Permissions-Policy, Referrer-Policy…), then React Router's answer
 * (its content type) over them. Only the site's Content-Security-Policy stays out: it allows
 * the site's scripts by a nonce the floor's scripts do not carry. Without the site's
 * Cross-Origin-Opener-Policy, Chromium kept the floor in the tab's first process where it moved
 * the site to a new one, whose first, empty layout Lighthouse's simulation then took for the
 * page's (bench/decisions/118-framework-floor-sent-with-the-sites-headers.md).
 */
export function floorHeaders(siteHeaders = {}, answerHeaders = new Headers()) {
  const out = Object.fromEntries(
    Object.entries(siteHeaders).filter(([n]) => !/^content-(security-policy|type)$/i.test(n)),
  );
  for (const [n, v] of answerHeaders) out[n] = v;
  return out;
}

/** What a page loads besides scripts: its images and the icons and preloads its head names. */
export function subresourcesOf(html) {
  const paths = new Set();
  for (const [tag] of html.matchAll(/<(?:img|link)\b[^>]*>/gi)) {
    if (/^<link/i.test(tag) && !/\brel="(?:preload|icon|apple-touch-icon|manifest)"/i.test(tag)) continue;
    const url = tag.match(/\b(?:src|href)="(\/(?!\/)[^"]*)"/i)?.[1];
    if (url && !url.startsWith("/assets/")) paths.add(decodeEntities(url));
  }
  return [...paths];
}

const TYPES = { ".js": "text/javascript", ".css": "text/css", ".json": "application/json" };
function serveFile(dir, pathname, req, res) {
  const file = normalize(join(dir, decodeURIComponent(pathname)));
  if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) return false;
  const headers = {
    "Content-Type": TYPES[extname(file)] ?? "application/octet-stream",
    "Cache-Control": "public, max-age=31536000, immutable",
  };
  send(req, res, 200, headers, readFileSync(file));
  return true;
}

const listen = (server, port) =>
  new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(`http://127.0.0.1:${port}`));
  });

/**
 * Reads each route of `routes` ([name, path]) from the site at `site`, then serves the limit
 * on `port` and the framework floor on `port + 1` (bench/floor/build must exist: buildFloorApp).
 * Returns their URLs and `stop`.
 */
export async function startFloorServers({ site, routes, port }) {
  const pages = new Map();
  for (const [, path] of routes) {
    const answer = await fetch(`${site}${path}`, {
      headers: { "User-Agent": CRAWLER_UA, "Accept-Encoding": "identity" },
    });
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    const html = await answer.text();
    const headers = Object.fromEntries(
      [...answer.headers].filter(
        ([n]) => !/^(content-encoding|transfer-encoding|connection|content-length|server-timing)$/i.test(n),
      ),
    );
    pages.set(path, { html: withoutScripts(html), headers, copy: copyOf(html) });
    await Promise.all(subresourcesOf(html).map((p) => siteAnswer(site, p)));
  }
  mkdirSync(join(CONTENT, ".."), { recursive: true });
  writeFileSync(CONTENT, JSON.stringify(Object.fromEntries([...pages].map(([p, v]) => [p, v.copy]))));
  process.env.FLOOR_CONTENT = CONTENT;

  const limit = createServer((req, res) => {
    const page = pages.get(req.url);
    if (!page) return passOn(site, req, res);
    send(req, res, 200, page.headers, page.html);
  });

  const serverBuild = join(FLOOR, "build", "server", "index.js");
  if (!existsSync(serverBuild)) throw new Error("No framework floor build: buildFloorApp() first.");
  // React picks its build by NODE_ENV when first imported: the production one, as on the site.
  process.env.NODE_ENV ??= "production";
  const { createRequestHandler } = await import("react-router");
  const handle = createRequestHandler(await import(pathToFileURL(serverBuild).href), "production");
  const clientDir = join(FLOOR, "build", "client");
  const framework = createServer(async (req, res) => {
    const url = new URL(req.url, "http://127.0.0.1");
    if (req.method === "GET" && serveFile(clientDir, url.pathname, req, res)) return;
    const page = pages.get(`${url.pathname}${url.search}`);
    if (!page && !url.pathname.endsWith(".data")) return passOn(site, req, res);
    try {
      const answer = await handle(
        new Request(`http://127.0.0.1:${port + 1}${req.url}`, {
          headers: { "User-Agent": req.headers["user-agent"] ?? "" },
        }),
      );
      send(req, res, answer.status, floorHeaders(page?.headers, answer.headers), await answer.arrayBuffer());
    } catch (error) {
      res.writeHead(500).end(String(error?.stack ?? error));
    }
  });

  const urls = { limit: await listen(limit, port), framework: await listen(framework, port + 1) };
  return {
    ...urls,
    stop: () => {
      limit.close();
      framework.close();
    },
  };
}
