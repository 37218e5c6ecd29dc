import { parseItemPath } from "@core/share/embed";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env";
import type { WorkerEnv } from "../env";
import { turnstileSettings } from "../forms/turnstile";
import { withSecurityHeaders } from "../security-headers";

/**
 * Security headers on every answer of the Worker; HTML documents also get a CSP whose script
 * nonce is the one React rendered with (docs/decisions/017).
 */
export const secureHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const secured = securedAnswer(c.res, c.req.url, c.env, c.var.nonce, c.var.framedBy);
  // Hono copies the whole response on every assignment: only a copy (immutable headers) needs one.
  if (secured !== c.res) c.res = secured;
};

/**
 * The answer to a request for `url` with its security headers: what this middleware does, also
 * for the pages the isolate holds, answered before this middleware runs (worker/middleware/held-page.ts).
 */
export function securedAnswer(
  response: Response,
  url: string,
  env: Pick<
    WorkerEnv,
    "CMS_URL" | "CMS_MEDIA_URL" | "TURNSTILE_SITE_KEY" | "TURNSTILE_SECRET" | "TURNSTILE_VERIFY_URL"
  >,
  nonce: string | undefined,
  framedBy?: string,
): Response {
  // A request's URL is absolute and its scheme lower case: the URL is parsed only for an embed.
  return withSecurityHeaders(response, {
    nonce,
    cmsUrl: env.CMS_URL,
    mediaUrl: env.CMS_MEDIA_URL,
    https: url.startsWith("https:"),
    frameable: url.includes("/embed/") && isFramedEmbed(new URL(url).pathname, response.status),
    framedBy,
    // The footer's sign-up is on every page, so every page may load Turnstile while it is on.
    turnstile: turnstileSettings(env) !== undefined,
  });
}

/**
 * Only an embed page that rendered may be framed (docs/decisions/064-embed-frames-only-itself.md):
 * the path of one of the three embed routes of app/routes.ts, answered 2xx, or answered 400: an
 * option the embed does not take, whose card says so inside the frame of the site that pasted
 * the code and links nowhere but the item's page (docs/decisions/122-an-embeds-mistake-shows-in-its-frame.md).
 * Any other /embed/ path is the site's 404 page, with its header and client-side links; a
 * missing item's error page carries links into the site too. Those keep the framing denial.
 */
function isFramedEmbed(pathname: string, status: number): boolean {
  const shown = (status >= 200 && status < 300) || status === 400;
  return shown && pathname.startsWith("/embed/") && parseItemPath(pathname) !== null;
}
