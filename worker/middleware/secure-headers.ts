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
    frameable: url.pathname.startsWith("/embed/"),
  });
  // Hono copies the whole response on every assignment: only a copy (immutable headers) needs one.
  if (secured !== c.res) c.res = secured;
};
