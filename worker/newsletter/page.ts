import type { AppEnv } from "@worker/app-env";
import { escapeHtml } from "@worker/fallback-page";
import type { Context } from "hono";

/**
 * The newsletter's own pages (unsubscribe, confirm), plain HTML written by the Worker in the
 * site's colours, never cached. They declare the site's icon like every page, so browsers do not
 * ask for a /favicon.ico that does not exist.
 */
export function newsletterPage(
  c: Context<AppEnv>,
  status: 200 | 400 | 404 | 410 | 501 | 503,
  title: string,
  body: string,
  back: string,
) {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escapeHtml(title)} · Crossfade</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0b0b10;color:#f1f0f5;font:16px/1.5 system-ui,sans-serif;text-align:center}main{max-width:32rem;padding:1rem}button,a.button{display:inline-block;margin-top:1rem;padding:.6rem 1.2rem;border:0;border-radius:999px;background:#c8ff3d;color:#0b0b10;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}a{color:#c8ff3d}</style>
</head><body><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="/">${escapeHtml(back)}</a></p></main></body></html>`;
  return c.html(html, status, {
    "Cache-Control": "no-store",
    ...(status === 503 ? { "Retry-After": "30" } : {}),
  });
}

const STORE_DOWN = "The subscriber list cannot be reached right now. Try again in a minute.";

/**
 * A page handler whose store may be away (Strapi down, D1 failing): then a 503 page that says to
 * try again, with Retry-After, never the site's error page for a link from a mail.
 */
export function whileStoreAnswers(
  title: string,
  back: string,
  handler: (c: Context<AppEnv>) => Promise<Response>,
) {
  return async (c: Context<AppEnv>) => {
    try {
      return await handler(c);
    } catch (error) {
      console.error(`${new URL(c.req.url).pathname}: the subscriber store failed`, error);
      return newsletterPage(c, 503, title, statusMessage(STORE_DOWN), back);
    }
  };
}

export const statusMessage = (text: string) => `<p role="status">${escapeHtml(text)}</p>`;
