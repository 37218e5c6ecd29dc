import { captureError } from "@worker/monitoring/report";
import { isbot } from "isbot";
import { PAGE_CACHE_SECONDS, pageCacheSeconds } from "./cache-control";
import { pageQuery } from "./page-query";

/**
 * The whole-page cache at the edge (docs/decisions/022). A page React rendered in full from
 * healthy sources is kept for 60 s (the pages' max-age) and served from there without loaders or
 * React, with the CSP nonce of the new response put in every place the stored page carried
 * its own. Two levels: the Cache API (shared by the isolates of a location) and a small copy in
 * the isolate's memory in front of it, so a page read often costs no lookup at all.
 *
 * The key holds everything the stored HTML depends on besides the URL:
 * - the release and the client build (a deploy never serves HTML naming assets it removed);
 * - every edge-cache group's version (see ContentCache.stamp), so a purge or a CMS webhook makes
 *   every stored page unreachable at once;
 * - the settings that show in a page (content source, site URL and name);
 * - whether the visitor is a crawler (they get whole documents, browsers a stream).
 *
 * Never stored: anything but a GET of an HTML 200 carrying the pages' own Cache-Control (or the
 * no-cache of a page that streams a list, docs/decisions/027-no-cache-while-streaming.md), search
 * results (docs/product.md section 9: no cache when searching), and any page whose content came from a
 * degraded source: that is checked after the last byte went out, since a deferred list can
 * fail after the first bytes.
 *
 * Nor any other spelling of a page (docs/security.md): React Router matches paths whatever
 * their letter case, percent-encoding or trailing slash, so /Search?q= is the search page, and
 * every new spelling or unknown query parameter would be one more entry. Only the site's own
 * spelling of a path (lower case, nothing encoded, no trailing slash) with the parameters its
 * page reads, each with a value the page takes (./page-query.ts), is kept; every other request is
 * rendered, never stored.
 */

/** Paths whose pages answer a visitor's free text (compared as the router matches them). */
const UNCACHED_PATHS = new Set(["/search"]);

/** The site's own spelling of a page's path: the only one kept. */
const OWN_PATH = /^\/(?:[a-z0-9_~-][a-z0-9._~-]*(?:\/[a-z0-9_~-][a-z0-9._~-]*)*)?$/;

/** Headers of the Cache API copy only: when it was stored, and the nonce it was rendered with. */
const STORED_AT = "X-Page-Stored-At";
const STORED_NONCE = "X-Page-Nonce";
/**
 * The page's own Cache-Control, sent again on every hit. The Cache API copy itself carries a
 * plain max-age, since the Cache API would not keep a no-cache page for its lifetime.
 */
const STORED_CONTROL = "X-Page-Cache-Control";
/**
 * Tells operators (and tests) whether a page came from the page cache: "hit" or "miss". Not to
 * be confused with the PAGE_CACHE variable (on/off) or the pages' Cache-Control value.
 */
export const PAGE_CACHE_STATUS_HEADER = "X-Page-Cache";

/** The isolate's copies: at most this many pages and bytes, least recently used out first. */
export const MEMORY_PAGES = 200;
export const MEMORY_BYTES = 8 * 1024 * 1024;

export interface PageCacheOptions {
  /** Opens the Cache API cache pages live in; undefined turns the page cache off. */
  cache: (() => Promise<Cache>) | undefined;
  /** The content versions (ContentCache.stamp); undefined (no KV) turns the page cache off. */
  stamp: () => Promise<string | undefined>;
  /** Stores outlive the response through it; without one nothing is stored. */
  ctx: Pick<ExecutionContext, "waitUntil"> | undefined;
  /** The client build the HTML links to (React Router's manifest version). */
  build: () => Promise<string>;
  /** What else the HTML depends on: the content source and the site's URL and name. */
  setup: string;
  now?: () => number;
}

export interface PageCache {
  /**
   * The stored page for this request, carrying `nonce` wherever it carried its own. With
   * `memoryOnly`, only the isolate's copy is looked at (no Cache API lookup).
   */
  match(request: Request, nonce: string, memoryOnly?: boolean): Promise<Response | undefined>;
  /**
   * The response to send. A storable page is sent as it streams and a copy is stored after its
   * last byte, if `healthy()` still says no source degraded while it rendered.
   */
  store(request: Request, response: Response, nonce: string, healthy: () => boolean): Promise<Response>;
}

/** A page ready to serve: its UTF-8 bytes cut where the nonce goes. */
interface MemoryPage {
  parts: Uint8Array[];
  headers: [string, string][];
  storedAt: number;
  expiresAt: number;
  bytes: number;
}

const memory = new Map<string, MemoryPage>();
let memoryBytes = 0;
const encoder = new TextEncoder();

export function createPageCache(options: PageCacheOptions): PageCache {
  const { cache, ctx } = options;
  const now = options.now ?? Date.now;
  // One key per request: match and store agree.
  const keys = new WeakMap<Request, Promise<string | undefined>>();

  function keyFor(request: Request): Promise<string | undefined> {
    let key = keys.get(request);
    if (!key) {
      // Without the versions (KV failing) pages are rendered; the content's own KV reads
      // report the failure.
      key = pageKey(request, options).catch(() => undefined);
      keys.set(request, key);
    }
    return key;
  }

  return {
    async match(request, nonce, memoryOnly = false) {
      if (!cache || !cacheable(request)) return undefined;
      const key = await keyFor(request);
      if (!key) return undefined;
      let page = fromMemory(key, now());
      if (!page && memoryOnly) return undefined;
      if (!page) {
        try {
          const hit = await (await cache()).match(key);
          page = hit && (await toMemoryPage(hit, now()));
        } catch (error) {
          captureError(error, "page-cache", "warning");
          return undefined;
        }
        if (!page) return undefined;
        remember(key, page);
      }
      const headers = new Headers(page.headers);
      headers.set(PAGE_CACHE_STATUS_HEADER, "hit");
      headers.set("Age", String(Math.max(0, Math.floor((now() - page.storedAt) / 1000))));
      return new Response(withNonce(page.parts, nonce), { status: 200, headers });
    },

    async store(request, response, nonce, healthy) {
      if (!cache || !ctx || !cacheable(request) || !storable(response) || !response.body) return response;
      if (!healthy()) return response;
      const key = await keyFor(request);
      if (!key) return response;
      const [toVisitor, toCache] = response.body.tee();
      const sent = new Response(toVisitor, response);
      sent.headers.set(PAGE_CACHE_STATUS_HEADER, "miss");
      const headers = new Headers(response.headers);
      const storedAt = now();
      headers.set(STORED_NONCE, nonce);
      headers.set(STORED_AT, String(storedAt));
      headers.set(STORED_CONTROL, response.headers.get("Cache-Control") ?? "");
      headers.set("Cache-Control", `public, max-age=${PAGE_CACHE_SECONDS}`);
      ctx.waitUntil(
        (async () => {
          const html = await new Response(toCache).text();
          if (!healthy()) return;
          const page = memoryPage(html, headers, storedAt);
          if (page) remember(key, page);
          await (await cache()).put(key, new Response(html, { status: 200, headers }));
        })().catch((error) => captureError(error, "page-cache", "warning")),
      );
      return sent;
    },
  };
}

/** The path as React Router matches it: decoded, any letter case, trailing slashes dropped. */
export function routedPath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: the router sees the path as it is.
  }
  return decoded.toLowerCase().replace(/\/+$/, "") || "/";
}

/** Whether the page cache may answer this request or keep its page (see the notes above). */
export function cacheable(request: Request): boolean {
  return request.method === "GET" && addressOf(request.url) !== null;
}

/**
 * Where a URL's page lives in the cache: its origin and its path with the parameters that
 * change the page (./page-query.ts), or null if its page is never kept.
 * The same few URLs are asked for again and again, so the answers are kept per isolate.
 */
interface PageAddress {
  origin: string;
  tail: string;
}
const addresses = new Map<string, PageAddress | null>();

function addressOf(href: string): PageAddress | null {
  let address = addresses.get(href);
  if (address === undefined) {
    address = pageAddress(new URL(href));
    // Any visitor can make up URLs: the map is bounded, and starts again when full.
    if (addresses.size >= 1000) addresses.clear();
    addresses.set(href, address);
  }
  return address;
}

function pageAddress(url: URL): PageAddress | null {
  const path = routedPath(url.pathname);
  if (UNCACHED_PATHS.has(path) || path.endsWith(".data")) return null;
  if (!OWN_PATH.test(url.pathname)) return null;
  const query = pageQuery(url.pathname, url.searchParams);
  return query === null ? null : { origin: url.origin, tail: `${url.pathname}${query}` };
}

function storable(response: Response): boolean {
  return (
    response.status === 200 &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html") &&
    pageCacheSeconds(response.headers.get("Cache-Control")) !== undefined &&
    !response.headers.has("Set-Cookie")
  );
}

/** The key of a page: its URL (campaign parameters left out) under the versions and the build. */
async function pageKey(request: Request, options: PageCacheOptions): Promise<string | undefined> {
  const address = addressOf(request.url);
  if (!address) return undefined;
  const [versions, client] = await Promise.all([options.stamp(), options.build()]);
  if (versions === undefined) return undefined;
  const reader = isCrawler(request.headers.get("User-Agent")) ? "crawler" : "browser";
  return `${address.origin}/__page/${keyPrefix(versions, client, options.setup, reader)}${address.tail}`;
}

/** The versions, build, setup and reader of a key, encoded once for each combination. */
const prefixes = new Map<string, string>();
function keyPrefix(...parts: string[]): string {
  const joined = parts.join("\n");
  let prefix = prefixes.get(joined);
  if (prefix === undefined) {
    prefix = parts.map(encodeURIComponent).join("/");
    // A purge or a deploy makes new versions: old combinations are never asked for again.
    if (prefixes.size >= 50) prefixes.clear();
    prefixes.set(joined, prefix);
  }
  return prefix;
}

// isbot's pattern is long; the same few browsers ask again and again.
const crawlerAnswers = new Map<string, boolean>();
function isCrawler(ua: string | null): boolean {
  if (ua === null) return false;
  let answer = crawlerAnswers.get(ua);
  if (answer === undefined) {
    answer = isbot(ua);
    if (crawlerAnswers.size >= 500) crawlerAnswers.clear();
    crawlerAnswers.set(ua, answer);
  }
  return answer;
}

/** A Cache API copy as a memory page, or undefined if it is not one of ours or has expired. */
async function toMemoryPage(stored: Response, at: number): Promise<MemoryPage | undefined> {
  const page = memoryPage(await stored.text(), stored.headers, Number(stored.headers.get(STORED_AT)));
  return page && at < page.expiresAt ? page : undefined;
}

/** A stored page's text, cut at the nonce its headers name, expiring after PAGE_CACHE_SECONDS. */
function memoryPage(html: string, stored: Headers, storedAt: number): MemoryPage | undefined {
  const nonce = stored.get(STORED_NONCE);
  const control = stored.get(STORED_CONTROL);
  const maxAge = pageCacheSeconds(control) ?? 0;
  if (!nonce || !storedAt || !control || !maxAge) return undefined;
  const parts = html.split(nonce).map((part) => encoder.encode(part));
  const headers = [...stored]
    .filter(([name]) => !/^(x-page-(stored-at|nonce|cache-control)|cache-control)$/i.test(name))
    .concat([["cache-control", control]]);
  const bytes = parts.reduce((sum, part) => sum + part.byteLength, 0);
  return { parts, headers, storedAt, expiresAt: storedAt + maxAge * 1000, bytes };
}

function fromMemory(key: string, at: number): MemoryPage | undefined {
  const page = memory.get(key);
  if (!page) return undefined;
  memory.delete(key);
  if (at >= page.expiresAt || at < page.storedAt) {
    memoryBytes -= page.bytes;
    return undefined;
  }
  memory.set(key, page); // most recently used last
  return page;
}

function remember(key: string, page: MemoryPage) {
  const old = memory.get(key);
  if (old) {
    memory.delete(key);
    memoryBytes -= old.bytes;
  }
  if (page.bytes > MEMORY_BYTES / 4) return;
  memory.set(key, page);
  memoryBytes += page.bytes;
  for (const [oldest, evicted] of memory) {
    if (memory.size <= MEMORY_PAGES && memoryBytes <= MEMORY_BYTES) break;
    memory.delete(oldest);
    memoryBytes -= evicted.bytes;
  }
}

/** The page's bytes with `nonce` between its parts. */
function withNonce(parts: Uint8Array[], nonce: string): Uint8Array<ArrayBuffer> {
  const filler = encoder.encode(nonce);
  let length = filler.byteLength * (parts.length - 1);
  for (const part of parts) length += part.byteLength;
  const out = new Uint8Array(length);
  let offset = 0;
  parts.forEach((part, i) => {
    if (i > 0) {
      out.set(filler, offset);
      offset += filler.byteLength;
    }
    out.set(part, offset);
    offset += part.byteLength;
  });
  return out;
}
