import type { ErrorHandler } from "hono";
import { deskUnavailable } from "../admin/desk-page";
import type { AppEnv } from "../app-env";
import { fallbackErrorPage } from "../fallback-page";
import { reportServerError } from "../monitoring/report";

/**
 * The one handler that turns unexpected errors into answers and reports them
 * (docs/conventions.md "Errors"): JSON for the API, the page error of docs/product.md section 2
 * for everything else. Feeds (RSS, sitemap, calendar files) are read by programs: a plain 503
 * with Retry-After tells them to come back, where an HTML page would be read as a broken feed.
 * The review desk answers with its own page that says its store is down (503).
 */
export const onError: ErrorHandler<AppEnv> = (error, c) => {
  reportServerError(error, "worker");
  const { pathname } = new URL(c.req.url);
  if (pathname.startsWith("/api/")) {
    return c.json({ error: "Something went wrong on our side" }, 500, { "Cache-Control": "no-store" });
  }
  if (pathname === "/admin" || pathname.startsWith("/admin/")) return deskUnavailable(c);
  if (/\.(xml|ics|txt)$/.test(pathname)) {
    return c.text("Temporarily unavailable; try again in a minute.", 503, {
      "Cache-Control": "no-store",
      "Retry-After": "60",
    });
  }
  return fallbackErrorPage(c.req.raw);
};
