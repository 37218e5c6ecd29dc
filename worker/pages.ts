import type { ContentService } from "@core/content/service";
import {
  contentContext,
  intakeContext,
  nonceContext,
  reporterContext,
  turnstileContext,
} from "@core/context";
import type { Turnstile } from "@core/forms/human-check";
import type { FormIntake } from "@core/forms/intake";
import type { Context } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";
import type { AppEnv } from "./app-env";
import { withPageCacheControl } from "./cache/cache-control";
import { createPageCache } from "./cache/page-cache";
import { contentCacheFor } from "./content/service";
import type { WorkerEnv } from "./env";
import { requestSourceFailed } from "./failure/source-failure";
import { withFallbackPage } from "./fallback-page";
import { intakeOf } from "./forms/intake";
import { turnstileOf, turnstileSettings } from "./forms/turnstile";
import { releaseDrops } from "./mail/drops";
import { executionContext } from "./middleware/request-scope";
import { securedAnswer } from "./middleware/secure-headers";
import { reportServerError } from "./monitoring/report";
import { type PreviewRequest, previewing, previewOf } from "./preview";
import { mediaOrigin, newNonce } from "./security-headers";

/**
 * The pages: every request the Worker's own routes do not answer goes to React Router, which
 * renders it (GET, HEAD) or runs its action (POST). In order: a new CSP nonce, the page cache
 * (docs/decisions/022), the render, the page error for a failure outside it, Cache-Control
 * (worker/cache/cache-control.ts), and the page cache keeping a copy of a page rendered in full
 * from healthy sources.
 */
export async function pages(c: Context<AppEnv>): Promise<Response> {
  // The CSP nonce of this response: React renders with it (or it replaces the stored page's
  // own), the security headers announce it.
  const nonce = newNonce();
  c.set("nonce", nonce);
  const preview = await previewOf(c.req.raw, c.env.PREVIEW_SECRET);
  if (preview.state !== "none") return previewPage(c, preview, nonce);
  const cache = pageCacheFor(c.env, executionContext(c), () => c.var.contentCache.stamp());
  const hit = await cache.match(c.req.raw, nonce);
  if (hit) return hit;
  // Only an action reads the form intake, and only a method other than GET or HEAD runs one.
  const intake = reads(c.req.raw) ? undefined : intakeOf(c);
  const response = await renderPage(c.req.raw, c.var.content, intake, nonce, turnstileOf(c));
  return cache.store(c.req.raw, response, nonce, () => !c.var.sources.failed);
}

/**
 * A page opened with a preview link (docs/decisions/154-signed-preview-links.md), past the page
 * cache both ways: the item's page with its draft, or the not-found page (404) for a link that is
 * tampered with, expired, for another page, or given while previews are off. Neither is kept by
 * any cache or indexed; an opened preview may be framed by the CMS's admin (its Preview pane).
 */
async function previewPage(c: Context<AppEnv>, preview: PreviewRequest, nonce: string): Promise<Response> {
  const open = preview.state === "open";
  let request = c.req.raw;
  if (!open) {
    const data = new URL(request.url).pathname.endsWith(".data") ? ".data" : "";
    request = new Request(new URL(`/not-found${data}`, request.url), { headers: request.headers });
  }
  const content = open ? previewing(c.var.content, preview.preview) : c.var.content;
  const intake = reads(request) ? undefined : intakeOf(c);
  const rendered = await renderPage(request, content, intake, nonce, turnstileOf(c));
  const response = new Response(rendered.body, rendered);
  response.headers.set("Cache-Control", "no-store");
  response.headers.set("X-Robots-Tag", "noindex");
  const cms = mediaOrigin(c.env.CMS_URL);
  if (open && cms) c.set("framedBy", cms);
  return response;
}

/**
 * Renders one page (or runs its action) with React Router, given the request's content service
 * and, for an action, its form intake; with Turnstile on, its site key and check for the forms
 * (docs/decisions/127). The response streams: the shell leaves before deferred loader data
 * resolves.
 */
export async function renderPage(
  request: Request,
  content: ContentService,
  intake?: FormIntake,
  nonce?: string,
  turnstile?: Turnstile,
) {
  // A path with a control character (a tab, a newline) names no page, and React Router cannot
  // build links for it (its encodeLocation throws): it gets the site's not-found page.
  if (hasControlCharacter(decodedPath(request.url)))
    request = new Request(new URL("/not-found", request.url), { headers: request.headers });
  const context = new RouterContextProvider();
  context.set(contentContext, content);
  if (intake) context.set(intakeContext, intake);
  context.set(nonceContext, nonce);
  context.set(turnstileContext, turnstile);
  context.set(reporterContext, reportServerError);
  // A failure outside the render still gives the page error, never a blank page (docs/product.md section 2, 8).
  const response = withFallbackPage(request, storeDownIs503(await handleRequest(request, context)));
  return withPageCacheControl(request, response);
}

/** Whether text holds a control character: below U+0020, or DEL. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

function decodedPath(url: string): string {
  const { pathname } = new URL(url);
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

const reads = (request: Request) => ["GET", "HEAD"].includes(request.method.toUpperCase());

const serverBuild = () => import("virtual:react-router/server-build");

/**
 * React Router's request handler. Given the build as a function (what development needs, so a
 * hot update is picked up), React Router derives everything from it again on every request:
 * the route tree flattened and ranked, the static handler built. A deployed build never changes
 * within an isolate, so outside development the handler is made once, from the build itself
 * (docs/decisions/037). Two first requests at once may both make one; either serves.
 */
let handlerOfBuild: ReturnType<typeof createRequestHandler> | undefined;
const handleRequest: ReturnType<typeof createRequestHandler> =
  import.meta.env.MODE === "development"
    ? createRequestHandler(serverBuild, import.meta.env.MODE)
    : async (request, context) => {
        handlerOfBuild ??= createRequestHandler(await serverBuild(), import.meta.env.MODE);
        return handlerOfBuild(request, context);
      };

/**
 * The client build's version (React Router's manifest), read once per isolate and kept as a
 * value, never a promise: one request must not await what another started.
 */
let buildVersion: string | undefined;
async function clientBuild(): Promise<string> {
  buildVersion ??= (await serverBuild()).assets.version;
  return buildVersion;
}

/**
 * The page cache of one request: off in development, with PAGE_CACHE=off, and without the
 * CACHE binding (its versions key the pages).
 */
function pageCacheFor(
  env: WorkerEnv,
  ctx: Pick<ExecutionContext, "waitUntil"> | undefined,
  stamp: () => Promise<string | undefined>,
) {
  const off =
    import.meta.env.MODE === "development" || env.PAGE_CACHE === "off" || typeof caches === "undefined";
  return createPageCache({
    cache: off ? undefined : () => caches.open("pages"),
    stamp,
    ctx,
    build: clientBuild,
    // Pages carry the Turnstile site key, or no widget at all: turning it on or off is a new setup.
    setup: [env.CMS_URL, env.SITE_URL, env.SITE_NAME].concat(turnstileSettings(env)?.siteKey ?? []).join("|"),
  });
}

/**
 * A page the isolate holds a copy of (the page cache's memory, docs/decisions/101), answered by
 * the route table's first middleware (worker/middleware/held-page.ts, docs/decisions/132) before
 * the others run: the same answer the rest of the table would give it
 * (the stored page with a nonce of its own, its security headers), without building the
 * request's content service, router context or middleware chain. Undefined for every other
 * request, which then takes the whole path: anything but a GET without a body, a page not in
 * the isolate's memory (the Cache API is looked up on the whole path), and before the isolate
 * has answered a page through it (the configuration check of its first request, the client
 * build read).
 */
export async function cachedPage(
  request: Request,
  env: WorkerEnv,
  ctx: Pick<ExecutionContext, "waitUntil"> | undefined,
): Promise<Response | undefined> {
  if (buildVersion === undefined || request.method !== "GET" || request.body) return undefined;
  const nonce = newNonce();
  const contentCache = contentCacheFor(env, ctx, releaseDrops(env));
  const hit = await pageCacheFor(env, ctx, () => contentCache.stamp()).match(request, nonce, true);
  return hit && securedAnswer(hit, request.url, env, nonce);
}

/**
 * The page error of a request whose store threw (the embedded store propagates its failures,
 * docs/decisions/023-one-failure-path.md) answers 503 with Retry-After: the store is down, the page
 * is not broken, and crawlers and visitors are told to come back (docs/product.md section 8).
 */
function storeDownIs503(response: Response): Response {
  if (response.status !== 500 || !requestSourceFailed()) return response;
  const out = new Response(response.body, {
    status: 503,
    statusText: "Service Unavailable",
    headers: response.headers,
  });
  out.headers.set("Retry-After", "30");
  return out;
}
