import type { ContentService } from "@core/content/service";
import { contentContext, intakeContext, nonceContext, reporterContext } from "@core/context";
import type { FormIntake } from "@core/forms/intake";
import { type Context, Hono } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { adminDesk } from "./admin";
import { cachePurge, purgeOnly } from "./api/cache-purge";
import { searchApi } from "./api/search";
import { NO_STORE, withPageCacheControl } from "./cache/cache-control";
import { createPageCache } from "./cache/page-cache";
import { configFor } from "./config";
import { contentCacheFor, createContentService, describeSources } from "./content/service";
import { type RequestSourceState, requestSourceFailed, trackRequest } from "./content/source-failure";
import { APP_VERSION, type AppEnv } from "./env";
import { fallbackErrorPage, withFallbackPage } from "./fallback-page";
import { type RemoteSizer, remoteEnclosure } from "./feeds/enclosure";
import { eventIcs, upcomingIcs } from "./feeds/ics";
import { podcastXml } from "./feeds/podcast";
import { rssXml } from "./feeds/rss";
import { parseSitemapFile, robotsTxt, sitemapChildXml, sitemapIndexXml } from "./feeds/sitemap";
import { formsApi } from "./forms/api";
import { createIntake } from "./forms/intake";
import { serveAudio } from "./media";
import { reportServerError } from "./monitoring/report";
import { monitoringTunnel } from "./monitoring/tunnel";
import { newsletterApi, unsubscribePages } from "./newsletter";
import { newNonce, withSecurityHeaders } from "./security-headers";
import { oembed } from "./share/oembed";

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

export const app = new Hono<AppEnv>();

// Security headers on every answer of the Worker; HTML documents also get a CSP whose script
// nonce is the one React rendered with (docs/decisions/017).
app.use("*", async (c, next) => {
  await next();
  const url = new URL(c.req.url);
  const secured = withSecurityHeaders(c.res, {
    nonce: c.var.nonce,
    cmsUrl: c.env.CMS_URL,
    mediaUrl: c.env.CMS_MEDIA_URL,
    https: url.protocol === "https:",
    frameable: url.pathname.startsWith("/embed/"),
  });
  // Hono copies the whole response on every assignment: only a copy (immutable headers) needs one.
  if (secured !== c.res) c.res = secured;
});

// One handler turns unexpected errors into answers and reports them (docs/conventions.md "Errors"):
// JSON for the API, the page error of docs/product.md section 2 for everything else.
// Feeds (RSS, sitemap, calendar files) are read by programs: a plain 503 with Retry-After tells
// them to come back, where an HTML page would be read as a broken feed.
app.onError((error, c) => {
  reportServerError(error, "worker");
  const { pathname } = new URL(c.req.url);
  if (pathname.startsWith("/api/")) {
    return c.json({ error: "Something went wrong on our side" }, 500, { "Cache-Control": "no-store" });
  }
  if (/\.(xml|ics|txt)$/.test(pathname)) {
    return c.text("Temporarily unavailable; try again in a minute.", 503, {
      "Cache-Control": "no-store",
      "Retry-After": "60",
    });
  }
  return fallbackErrorPage(c.req.raw);
});

// The configuration is checked on the first request (logged once), then one content service
// per request (docs/conventions.md "Boundaries") with the execution context for background work.
app.use("*", async (c, next) => {
  configFor(c.env);
  const ctx = executionContext(c);
  const contentCache = contentCacheFor(c.env, ctx);
  const content = createContentService(c.env, ctx, contentCache);
  c.set("content", content);
  c.set("contentCache", contentCache);
  c.set("intake", createIntake(c.env.DB, content, c.req.raw));
  // An answer built from a degraded source (an empty list or a missing item standing in for a
  // CMS failure) is never stored by browsers or shared caches (docs/decisions/021).
  const sources: RequestSourceState = { failed: false };
  c.set("sources", sources);
  await trackRequest(sources, () => next());
  if (sources.failed) markDegraded(c);
});

// The API answers per caller (submissions, newsletter, purge): no cache may keep them.
app.use("/api/*", async (c, next) => {
  await next();
  if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
});

app.get("/api/health", (c) => {
  const sources = describeSources(c.env);
  const { ok, mode, problems } = configFor(c.env);
  return c.json(
    {
      status: problems.length ? "degraded" : "ok",
      version: c.env.APP_VERSION || APP_VERSION,
      sources,
      config: { ok, mode, problems },
    },
    200,
    { "Cache-Control": "no-store" },
  );
});

app.post("/api/cache/purge", purgeOnly, cachePurge);
app.post("/api/monitoring", monitoringTunnel);
app.route("/api", searchApi);
// Newsletter, submissions and the submissions admin (docs/decisions/007); the subscriber
// export (docs/decisions/032-embedded-store-operations.md).
app.route("/api", newsletterApi);
app.route("/api", formsApi);

app.all("/api/*", (c) => c.json({ error: "Not found" }, 404));

// Audio is served through the Worker so that seeking (Range requests) works everywhere: from the
// MEDIA bucket (any length), else from public/ (docs/decisions/032-embedded-store-operations.md).
app.on(["GET", "HEAD"], "/media/audio/*", async (c) => (await serveAudio(c.req.raw, c.env)) ?? c.notFound());

app.route("/", unsubscribePages);

// The operator's review desk, never linked from the site (docs/decisions/034-admin-review-desk.md).
app.route("/admin", adminDesk);

const FEED_CACHE = "public, max-age=300, stale-while-revalidate=3600";

app.get("/robots.txt", (c) =>
  c.text(robotsTxt(c.var.content.siteUrl), 200, { "Cache-Control": "public, max-age=86400" }),
);

// A feed built from a failed source would be a valid but empty feed: a reader would drop every
// item it holds, a crawler every page. It gets the feeds' 503 instead (docs/product.md section 8).
const feedUnavailable = (c: Context<AppEnv>) =>
  c.text("This feed is unavailable right now. Please try again in a moment.", 503, {
    "Cache-Control": NO_STORE,
    "Retry-After": "30",
  });

/**
 * A sitemap built while the source was failing would drop URLs from search engines: the answer
 * is then the feeds' 503 (docs/product.md section 8).
 */
function sitemapAnswer(c: Context<AppEnv>, xml: string | null) {
  if (c.var.content.sourceFailed()) return feedUnavailable(c);
  if (xml === null) return c.text("Not found", 404, { "Cache-Control": "public, max-age=300" });
  return c.body(xml, 200, { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": FEED_CACHE });
}

// A sitemap index and its children (docs/decisions/032-embedded-store-operations.md).
app.get("/sitemap.xml", async (c) => {
  const { catalogue, siteUrl } = c.var.content;
  return sitemapAnswer(c, await sitemapIndexXml(catalogue, siteUrl, new Date()));
});

app.get("/sitemaps/:file", async (c) => {
  const file = parseSitemapFile(c.req.param("file"));
  if (!file) return c.notFound();
  const { catalogue, siteUrl } = c.var.content;
  return sitemapAnswer(c, await sitemapChildXml(catalogue, siteUrl, new Date(), file));
});

app.get("/rss.xml", async (c) => {
  const { catalogue, siteUrl, siteName, sourceFailed } = c.var.content;
  const xml = await rssXml(catalogue, siteUrl, siteName);
  if (sourceFailed()) return feedUnavailable(c);
  return c.body(xml, 200, {
    "Content-Type": "application/rss+xml; charset=utf-8",
    "Cache-Control": FEED_CACHE,
  });
});

app.get("/mixtapes/feed.xml", async (c) => {
  const { catalogue, siteUrl, siteName, sourceFailed } = c.var.content;
  // A CMS-hosted mix's size goes through the content cache, not a HEAD per mixtape per render;
  // it is refreshed with the mixtapes group (a webhook for a changed mixtape purges it).
  const remote: RemoteSizer = (url, type) =>
    c.var.contentCache.cached("mixtapes", `enclosure:${url}`, () => remoteEnclosure(url, type));
  const xml = await podcastXml(catalogue, siteUrl, siteName, c.env.MEDIA, remote);
  if (sourceFailed()) return feedUnavailable(c);
  return c.body(xml, 200, {
    "Content-Type": "application/rss+xml; charset=utf-8",
    "Cache-Control": FEED_CACHE,
  });
});

app.get("/events.ics", async (c) => {
  const { catalogue, siteUrl, siteName, sourceFailed } = c.var.content;
  const now = new Date();
  const { upcoming } = await catalogue.listEvents(now);
  if (sourceFailed()) return feedUnavailable(c);
  return c.body(upcomingIcs(upcoming, siteUrl, siteName, now), 200, {
    "Content-Type": "text/calendar; charset=utf-8",
    "Cache-Control": FEED_CACHE,
  });
});

// oEmbed 1.0 for posts, mixtapes and releases (docs/decisions/031).
app.get("/oembed", oembed);

app.get("/events/:file{.+\\.ics}", async (c) => {
  const { catalogue, siteUrl } = c.var.content;
  const id = c.req.param("file").replace(/\.ics$/, "");
  const event = await catalogue.getEvent(id);
  if (!event && c.var.content.sourceFailed())
    return c.text("Events are unavailable right now. Please try again in a moment.", 503, {
      "Retry-After": "30",
    });
  if (!event) return c.text("Event not found", 404);
  return c.body(eventIcs(event, siteUrl, new Date()), 200, {
    "Content-Type": "text/calendar; charset=utf-8",
    "Content-Disposition": `attachment; filename="${event.slug}.ics"`,
    "Cache-Control": FEED_CACHE,
  });
});

// Everything else is a page: React Router renders it (GET/HEAD) or runs its action (POST).
// Pages get Cache-Control here, outside the routes (worker/cache/cache-control.ts); a page rendered in
// full from healthy sources is served from the page cache for its max-age (docs/decisions/022).
app.all("*", async (c) => {
  // The CSP nonce of this response: React renders with it (or it replaces the stored page's
  // own), the security headers announce it.
  const nonce = newNonce();
  c.set("nonce", nonce);
  const pages = pageCacheFor(c);
  const hit = await pages.match(c.req.raw, nonce);
  if (hit) return hit;
  const response = await renderPage(c.req.raw, c.var.content, c.var.intake, nonce);
  return pages.store(c.req.raw, response, nonce, () => !c.var.sources.failed);
});

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
function pageCacheFor(c: Context<AppEnv>) {
  const off =
    import.meta.env.MODE === "development" || c.env.PAGE_CACHE === "off" || typeof caches === "undefined";
  return createPageCache({
    cache: off ? undefined : () => caches.open("pages"),
    stamp: () => c.var.contentCache.stamp(),
    ctx: executionContext(c),
    build: clientBuild,
    setup: [c.env.CMS_URL, c.env.SITE_URL, c.env.SITE_NAME].join("|"),
  });
}

/**
 * Renders one page (or runs its action) with React Router, given the request's content service
 * and form intake. The response streams: the shell leaves before deferred loader data resolves.
 */
export async function renderPage(
  request: Request,
  content: ContentService,
  intake: FormIntake,
  nonce?: string,
) {
  const context = new RouterContextProvider();
  context.set(contentContext, content);
  context.set(intakeContext, intake);
  context.set(nonceContext, nonce);
  context.set(reporterContext, reportServerError);
  // A failure outside the render still gives the page error, never a blank page (docs/product.md section 2, 8).
  const response = withFallbackPage(request, storeDownIs503(await handleRequest(request, context)));
  return withPageCacheControl(request, response);
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

/** Cache-Control: no-store on the answer, whoever built it; a 503 says when to retry. */
function markDegraded(c: { res: Response }) {
  const mark = (headers: Headers) => {
    headers.set("Cache-Control", NO_STORE);
    if (c.res.status === 503 && !headers.has("Retry-After")) headers.set("Retry-After", "30");
  };
  try {
    mark(c.res.headers);
  } catch {
    // Immutable headers (a fetched response): copy it. Hono's setter would copy the old headers
    // back over the new ones, so the old answer is dropped first.
    const copy = new Response(c.res.body, c.res);
    mark(copy.headers);
    c.res = undefined as unknown as Response;
    c.res = copy;
  }
}

/** Hono throws when a request has no execution context (a test calling app.fetch bare). */
function executionContext(c: { executionCtx: Pick<ExecutionContext, "waitUntil"> }) {
  try {
    return c.executionCtx;
  } catch {
    return undefined;
  }
}
