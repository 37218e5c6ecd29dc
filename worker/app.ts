import { Hono } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { contentContext, intakeContext } from "../app/lib/context";
import { cachePurge } from "./api/cache-purge";
import { searchApi } from "./api/search";
import { configFor } from "./config";
import { createContentService, describeSources } from "./content/service";
import type { ContentService } from "./content/types";
import { APP_VERSION, type AppEnv } from "./env";
import { eventIcs } from "./feeds/ics";
import { rssXml } from "./feeds/rss";
import { robotsTxt, sitemapXml } from "./feeds/sitemap";
import { formsApi } from "./forms/api";
import { createIntake } from "./forms/intake";
import type { FormIntake } from "./forms/types";
import { withPageCacheHeaders } from "./http-cache";
import { serveWithRanges } from "./media";

const handleRequest = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

export const app = new Hono<AppEnv>();

// The configuration is checked on the first request (logged once), then one content service
// per request (CONVENTIONS.md "Boundaries") with the execution context for background work.
app.use("*", async (c, next) => {
  configFor(c.env);
  const content = createContentService(c.env, executionContext(c));
  c.set("content", content);
  c.set("intake", createIntake(c.env.DB, content.store, c.req.raw));
  await next();
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

app.post("/api/cache/purge", cachePurge);
app.route("/api", searchApi);
// Newsletter, submissions and the submissions admin (issue 7).
app.route("/api", formsApi);

app.all("/api/*", (c) => c.json({ error: "Not found" }, 404));

// Audio is served through the Worker so that seeking (Range requests) works everywhere.
app.on(["GET", "HEAD"], "/media/audio/*", (c) => {
  if (!c.env.ASSETS) return c.notFound();
  return serveWithRanges(c.req.raw, c.env.ASSETS);
});

const FEED_CACHE = "public, max-age=300, stale-while-revalidate=3600";

app.get("/robots.txt", (c) =>
  c.text(robotsTxt(c.var.content.siteUrl), 200, { "Cache-Control": "public, max-age=86400" }),
);

app.get("/sitemap.xml", async (c) => {
  const { store, siteUrl } = c.var.content;
  return c.body(await sitemapXml(store, siteUrl, new Date()), 200, {
    "Content-Type": "application/xml; charset=utf-8",
    "Cache-Control": FEED_CACHE,
  });
});

app.get("/rss.xml", async (c) => {
  const { store, siteUrl, siteName } = c.var.content;
  return c.body(await rssXml(store, siteUrl, siteName), 200, {
    "Content-Type": "application/rss+xml; charset=utf-8",
    "Cache-Control": FEED_CACHE,
  });
});

app.get("/events/:file{.+\\.ics}", async (c) => {
  const { store, siteUrl } = c.var.content;
  const id = c.req.param("file").replace(/\.ics$/, "");
  const event = await store.getEvent(id);
  if (!event) return c.text("Event not found", 404);
  return c.body(eventIcs(event, siteUrl, new Date()), 200, {
    "Content-Type": "text/calendar; charset=utf-8",
    "Content-Disposition": `attachment; filename="${event.slug}.ics"`,
    "Cache-Control": FEED_CACHE,
  });
});

// Everything else is a page: React Router renders it (GET/HEAD) or runs its action (POST).
// Pages get Cache-Control here, outside the routes (worker/http-cache.ts).
app.all("*", (c) => renderPage(c.req.raw, c.var.content, c.var.intake));

/**
 * Renders one page (or runs its action) with React Router, given the request's content service
 * and form intake. The response streams: the shell leaves before deferred loader data resolves.
 */
export async function renderPage(request: Request, content: ContentService, intake: FormIntake) {
  const context = new RouterContextProvider();
  context.set(contentContext, content);
  context.set(intakeContext, intake);
  return withPageCacheHeaders(request, await handleRequest(request, context));
}

/** Hono throws when a request has no execution context (a test calling app.fetch bare). */
function executionContext(c: { executionCtx: Pick<ExecutionContext, "waitUntil"> }) {
  try {
    return c.executionCtx;
  } catch {
    return undefined;
  }
}
