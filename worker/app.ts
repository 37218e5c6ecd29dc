import { Hono } from "hono";
import { adminDesk } from "./admin";
import { cachePurge, purgeOnly } from "./api/cache-purge";
import { health, healthReady } from "./api/health";
import { searchApi } from "./api/search";
import type { AppEnv } from "./app-env";
import { feeds } from "./feeds/routes";
import { formsApi } from "./forms/api";
import { mailEvents } from "./mail/webhook";
import { serveAudio } from "./media";
import { serveImage } from "./media/images";
import { apiNoStore } from "./middleware/api-no-store";
import { drainUnreadBody } from "./middleware/drain-body";
import { heldPage } from "./middleware/held-page";
import { onError } from "./middleware/on-error";
import { requestScope } from "./middleware/request-scope";
import { secureHeaders } from "./middleware/secure-headers";
import { monitoringTunnel } from "./monitoring/tunnel";
import { confirmPages, newsletterApi, picksApi, unsubscribePages } from "./newsletter";
import { pages } from "./pages";
import { oembed } from "./share/oembed";

/**
 * The Worker's routes, in the order Hono tries them (docs/architecture.md "The path of a
 * request"). Everything the table does not answer is a page: React Router renders it.
 */
export const app = new Hono<AppEnv>();

// A page the isolate holds is answered first, the same answer as below (docs/decisions/132).
app.use("*", heldPage);
// Every other answer: security headers (017), the one error handler, the request's content
// service; a body nobody read is read to its end before the answer leaves (docs/decisions/067).
app.use("*", secureHeaders);
app.use("*", drainUnreadBody);
app.onError(onError);
app.use("*", requestScope);

// The API: per caller, never cached.
app.use("/api/*", apiNoStore);
app.get("/api/health", health);
app.get("/api/health/ready", healthReady);
app.post("/api/cache/purge", purgeOnly, cachePurge);
app.post("/api/monitoring", monitoringTunnel);
app.route("/api", searchApi);
// Newsletter, submissions and the submissions admin (docs/decisions/007); the subscriber
// export (docs/decisions/032-embedded-store-operations.md); the HTTP provider's bounces and
// complaints (docs/decisions/089), signed, 404 without a secret.
for (const api of [newsletterApi, picksApi, formsApi, mailEvents]) app.route("/api", api);
app.all("/api/*", (c) => c.json({ error: "Not found" }, 404));

// Audio is served through the Worker so that seeking (Range requests) works everywhere: from the
// MEDIA bucket (any length), else from public/ (docs/decisions/032-embedded-store-operations.md).
app.on(["GET", "HEAD"], "/media/audio/*", async (c) => (await serveAudio(c.req.raw, c.env)) ?? c.notFound());
// Photos at the ladder's widths, made once by the Images binding (worker/media/images.ts): the
// embedded store's by hash, a CMS's uploads by their path on it.
app.on(
  ["GET", "HEAD"],
  ["/media/img/*", "/media/cms/*"],
  async (c) => (await serveImage(c.req.raw, c.env, (p) => c.executionCtx.waitUntil(p))) ?? c.notFound(),
);

app.route("/", unsubscribePages);
app.route("/", confirmPages);
// The operator's review desk, never linked from the site (docs/decisions/034-admin-review-desk.md).
app.route("/admin", adminDesk);
// robots.txt, sitemaps, RSS, the podcast and the calendars (worker/feeds/routes.ts).
app.route("/", feeds);
// oEmbed 1.0 for posts, mixtapes and releases (docs/decisions/031).
app.get("/oembed", oembed);

// Everything else: the page cache, then React Router (worker/pages.ts).
app.all("*", pages);
