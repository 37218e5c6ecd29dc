/**
 * Security headers (docs/decisions/017). Every Worker response gets the transport and sniffing
 * headers; HTML documents also get a Content-Security-Policy whose script nonce is made for that
 * one response (React Router and React put it on every inline and module script they render).
 */

/** Hosts of the players docs/decisions/006 loads on demand: their scripts and their iframes. */
export const EMBED_SCRIPT_HOSTS = [
  "https://www.youtube.com",
  "https://s.ytimg.com",
  "https://w.soundcloud.com",
  "https://open.spotify.com",
] as const;
export const EMBED_FRAME_HOSTS = [
  "https://www.youtube.com",
  "https://www.youtube-nocookie.com",
  "https://w.soundcloud.com",
  "https://open.spotify.com",
] as const;

/**
 * Where Cloudflare Turnstile's script and its challenge frame come from: allowed only while
 * Turnstile is on (docs/decisions/127-turnstile-on-the-forms.md).
 */
export const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";

/** A fresh, unguessable nonce: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The origin of a URL whose media (covers, audio) pages show in CMS mode: the CMS itself, or the
 * bucket its uploads go to (CMS_MEDIA_URL, docs/decisions/035-production-cms.md); also the CMS
 * whose admin frames a preview.
 */
export function mediaOrigin(address: string | undefined): string | undefined {
  if (!address) return undefined;
  try {
    const url = new URL(address);
    return /^https?:$/.test(url.protocol) ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The policy for one HTML response. Scripts: our own files, inline scripts carrying `nonce`, and
 * the embed players' API scripts (and Turnstile's, while it is on); no 'unsafe-inline' or
 * 'unsafe-eval' for scripts. Styles allow inline `style` attributes (React sets some), which
 * cannot run code.
 */
export function contentSecurityPolicy(options: {
  nonce: string;
  cmsUrl?: string;
  /** Where the CMS's uploads are served from when not from the CMS (CMS_MEDIA_URL). */
  mediaUrl?: string;
  https: boolean;
  frameable?: boolean;
  /** The one origin that may frame the page (a preview, framed by the CMS's admin). */
  framedBy?: string;
  /** Turnstile is on: its script and challenge frame are allowed. */
  turnstile?: boolean;
}): string {
  const [before, after] = policyAround(options);
  return `${before}${options.nonce}${after}`;
}

/**
 * The policy's text before and after its nonce, made once per isolate for each setting (a
 * deployment has one CMS and one scheme, so a few at most): every page answer, a page-cache hit
 * included, only puts its nonce between them.
 */
const policies = new Map<string, readonly [string, string]>();

function policyAround(options: {
  cmsUrl?: string;
  mediaUrl?: string;
  https: boolean;
  frameable?: boolean;
  framedBy?: string;
  turnstile?: boolean;
}) {
  const key = `${options.cmsUrl ?? ""}\n${options.mediaUrl ?? ""}\n${options.https}\n${options.frameable === true}\n${options.framedBy ?? ""}\n${options.turnstile === true}`;
  let parts = policies.get(key);
  if (!parts) {
    const origins = [options.cmsUrl, options.cmsUrl ? options.mediaUrl : undefined].map(mediaOrigin);
    const extra = [...new Set(origins.filter(Boolean))].map((o) => ` ${o}`).join("");
    const marker = "\u0000";
    const turnstile = options.turnstile ? ` ${TURNSTILE_ORIGIN}` : "";
    const directives = [
      "default-src 'self'",
      `script-src 'self' 'nonce-${marker}' ${EMBED_SCRIPT_HOSTS.join(" ")}${turnstile}`,
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob:${extra}`,
      `media-src 'self' blob:${extra}`,
      "font-src 'self'",
      "connect-src 'self'",
      `frame-src ${EMBED_FRAME_HOSTS.join(" ")}${turnstile}`,
      "worker-src 'self'",
      "manifest-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      // Only the embed pages may be framed, by any site (docs/decisions/031), and a preview by
      // the CMS's admin (docs/decisions/154-signed-preview-links.md).
      `frame-ancestors ${options.frameable ? "*" : (options.framedBy ?? "'none'")}`,
    ];
    // Over plain http (local runs) upgrading would point our own assets at a port without TLS.
    if (options.https) directives.push("upgrade-insecure-requests");
    const [before = "", after = ""] = directives.join("; ").split(marker);
    parts = [before, after] as const;
    // Settings come from the Worker's configuration, not from requests; the bound is a guard.
    if (policies.size >= 16) policies.clear();
    policies.set(key, parts);
  }
  return parts;
}

export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  // Embeds (YouTube in particular) need the origin as referrer; paths stay private.
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

/**
 * Headers of HTML documents besides the CSP. Autoplay, encrypted media and fullscreen are left
 * at their defaults: restricting them here would stop the embeds' iframes from being granted them.
 */
export const DOCUMENT_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
};

/**
 * Adds the security headers to a response (a copy when its headers are immutable). `nonce`
 * is the one the document was rendered with; HTML without one (an error page the Worker wrote
 * itself) gets a policy that allows no inline script at all.
 */
const BASE_ENTRIES = Object.entries(BASE_SECURITY_HEADERS);
const DOCUMENT_ENTRIES = Object.entries(DOCUMENT_SECURITY_HEADERS);

export function withSecurityHeaders(
  response: Response,
  options: {
    nonce?: string;
    cmsUrl?: string;
    mediaUrl?: string;
    https: boolean;
    frameable?: boolean;
    framedBy?: string;
    turnstile?: boolean;
  },
): Response {
  let out = response;
  try {
    out.headers.set("X-Content-Type-Options", "nosniff");
  } catch {
    out = new Response(response.body, response);
  }
  for (const [name, value] of BASE_ENTRIES) out.headers.set(name, value);
  if ((out.headers.get("Content-Type") ?? "").startsWith("text/html")) {
    for (const [name, value] of DOCUMENT_ENTRIES) out.headers.set(name, value);
    if (options.frameable || options.framedBy) out.headers.delete("X-Frame-Options");
    // A page that brings its own, stricter policy keeps it (the review desk, worker/admin/).
    if (!out.headers.has("Content-Security-Policy"))
      out.headers.set(
        "Content-Security-Policy",
        contentSecurityPolicy({
          nonce: options.nonce ?? newNonce(),
          cmsUrl: options.cmsUrl,
          mediaUrl: options.mediaUrl,
          https: options.https,
          frameable: options.frameable,
          framedBy: options.framedBy,
          turnstile: options.turnstile,
        }),
      );
  }
  return out;
}
