import { TEXTS } from "@core/texts";

/** Escapes as React does, so the texts read the same in either kind of error page. */
export const escapeHtml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/'/g, "&#x27;")
    .replace(/"/g, "&quot;");

/**
 * The page error of docs/product.md section 2, written by the Worker itself for the rare failure that
 * happens before or outside React's render (the render threw, or React Router answered with an
 * empty 500): never a blank page or a raw error body. Plain HTML without scripts: the Refresh
 * Page control is a link to the same address, which reloads without JavaScript.
 */
export function fallbackErrorPage(request: Request, status = 500): Response {
  const url = new URL(request.url);
  const self = escapeHtml(`${url.pathname}${url.search}`);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escapeHtml(TEXTS.pageErrorTitle)} · Crossfade</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0b0b10;color:#f1f0f5;font:16px/1.5 system-ui,sans-serif;text-align:center}a{display:inline-block;margin-top:1rem;padding:.6rem 1.2rem;border-radius:999px;background:#c8ff3d;color:#0b0b10;font-weight:600;text-decoration:none}</style>
</head><body><main role="alert"><h1>${escapeHtml(TEXTS.pageErrorTitle)}</h1><p>${escapeHtml(TEXTS.pageErrorBody)}</p>
<a href="${self}">${escapeHtml(TEXTS.refreshPage)}</a></main></body></html>`;
  return new Response(request.method.toUpperCase() === "HEAD" ? null : html, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * React Router answers a failure outside the render (entry.server threw) with an empty 500 and
 * no Content-Type: that becomes the page error. Any other answer passes unchanged.
 */
export function withFallbackPage(request: Request, response: Response): Response {
  if (response.status >= 500 && !response.headers.has("Content-Type")) {
    return fallbackErrorPage(request, response.status);
  }
  return response;
}
