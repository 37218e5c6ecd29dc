import { parseItemPath } from "@core/share/embed";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env";
import { withSecurityHeaders } from "../security-headers";

/**
 * Security headers on every answer of the Worker; HTML documents also get a CSP whose script
 * nonce is the one React rendered with (docs/decisions/017).
 */
export const secureHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const url = new URL(c.req.url);
  const secured = withSecurityHeaders(c.res, {
    nonce: c.var.nonce,
    cmsUrl: c.env.CMS_URL,
    mediaUrl: c.env.CMS_MEDIA_URL,
    https: url.protocol === "https:",
    frameable: isFramedEmbed(url.pathname, c.res.status),
  });
  // Hono copies the whole response on every assignment: only a copy (immutable headers) needs one.
  if (secured !== c.res) c.res = secured;
};

/**
 * Only an embed page that rendered may be framed (docs/decisions/064-embed-frames-only-itself.md):
 * the path of one of the three embed routes of app/routes.ts, answered 2xx. Any other /embed/
 * path is the site's 404 page, with its header and client-side links; a missing item's or a
 * malformed embed's error page carries links into the site too. Those keep the framing denial.
 */
function isFramedEmbed(pathname: string, status: number): boolean {
  return status >= 200 && status < 300 && pathname.startsWith("/embed/") && parseItemPath(pathname) !== null;
}
