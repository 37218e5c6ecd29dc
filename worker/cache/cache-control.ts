/**
 * Cache-Control for pages (docs/product.md section 9; the browser's own caches became HTTP headers).
 * A page a route did not label itself gets: 200 HTML → shared and browser caches for a minute,
 * served stale for five more while revalidating (the KV cache behind it is what a purge
 * clears); 404 → briefly; anything else (errors, form posts, redirects with cookies) → never
 * stored. The Worker's own /api answers set their own headers.
 */
import { STREAMED_PAGE_CACHE_CONTROL } from "@core/cache-control";

/** The value that also marks a page the page cache may keep (./page-cache.ts). */
export const PAGE_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=300";
/** How long the page cache keeps a page: the max-age above. */
export const PAGE_CACHE_SECONDS = 60;
export { STREAMED_PAGE_CACHE_CONTROL };
export const NOT_FOUND_CACHE_CONTROL = "public, max-age=30";
export const NO_STORE = "no-store";

export function withPageCacheControl(request: Request, response: Response): Response {
  if (response.headers.has("Cache-Control")) return response;
  const value = cacheControlFor(request, response);
  if (!value) return response;
  const out = new Response(response.body, response);
  out.headers.set("Cache-Control", value);
  return out;
}

function cacheControlFor(request: Request, response: Response): string | undefined {
  const method = request.method.toUpperCase();
  if (method !== "GET" && method !== "HEAD") return NO_STORE;
  if (response.headers.has("Set-Cookie")) return NO_STORE;
  const html = (response.headers.get("Content-Type") ?? "").startsWith("text/html");
  if (response.status >= 500 || (response.status >= 400 && response.status !== 404)) return NO_STORE;
  if (!html) return undefined;
  if (response.status === 200) return PAGE_CACHE_CONTROL;
  if (response.status === 404) return NOT_FOUND_CACHE_CONTROL;
  return undefined;
}

/**
 * How long the page cache may keep a page sent with `cacheControl`: the pages' own value, and a
 * streamed page's no-cache (browsers and shared caches ask again every time; the page cache,
 * which keeps a page only once all of it was rendered from healthy sources, keeps it as long as
 * any page). Anything else: undefined, never kept.
 */
export function pageCacheSeconds(cacheControl: string | null): number | undefined {
  return cacheControl === PAGE_CACHE_CONTROL || cacheControl === STREAMED_PAGE_CACHE_CONTROL
    ? PAGE_CACHE_SECONDS
    : undefined;
}
