import { base64url, fromBase64url } from "../base64url";

/**
 * Preview links (docs/decisions/154-signed-preview-links.md): a draft's own page, opened with
 * `?preview=<expires>.<signature>`, where the signature is an HMAC-SHA256, under the secret the
 * site and its editors' tools share (PREVIEW_SECRET), of the page's path and the expiry. One
 * link opens one item until its time: another path, a changed expiry or a wrong secret is refused.
 * cms/src/preview.js signs the same way for Strapi's Preview button (node:crypto, CommonJS).
 */

/** The query parameter a preview link carries. */
export const PREVIEW_PARAM = "preview";

/** How long a link opens its page unless told otherwise: a day. */
export const PREVIEW_HOURS = 24;

/** The kinds with a page of their own, by the first segment of that page's path. */
export const PREVIEW_SECTIONS = {
  blog: "post",
  mixtapes: "mixtape",
  releases: "release",
  events: "event",
  artists: "artist",
} as const;

export type PreviewSection = keyof typeof PREVIEW_SECTIONS;
export type PreviewKind = (typeof PREVIEW_SECTIONS)[PreviewSection];

/** Each kind's section: PREVIEW_SECTIONS the other way round. */
const SECTION_OF = Object.fromEntries(
  Object.entries(PREVIEW_SECTIONS).map(([section, kind]) => [kind, section]),
) as {
  [K in PreviewKind]: PreviewSection;
};

/** The path of a `kind` item's page, the one its preview link names. */
export const previewPath = (kind: PreviewKind, slug: string): string => `/${SECTION_OF[kind]}/${slug}`;

/** A preview a link opened: the item it names and until when (ms since the epoch). */
export interface Preview {
  kind: PreviewKind;
  slug: string;
  path: string;
  expires: number;
}

/** A page's path that a preview link may name: /<section>/<slug>, nothing else. */
const PREVIEWABLE = /^\/(blog|mixtapes|releases|events|artists)\/([a-z0-9_~-][a-z0-9._~-]*)$/;

/** The item a path names, if a preview may open it. */
export function previewTarget(path: string): { kind: PreviewKind; slug: string } | null {
  const match = PREVIEWABLE.exec(path);
  if (!match) return null;
  return { kind: PREVIEW_SECTIONS[match[1] as PreviewSection], slug: match[2] as string };
}

/** The text a link's signature covers. */
const signed = (path: string, expiresSeconds: number) => `crossfade-preview\n${path}\n${expiresSeconds}`;

const encoder = new TextEncoder();

async function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);
}

/** The `preview` value that opens `path` until `expires` (ms since the epoch, kept to the second). */
export async function previewToken(secret: string, path: string, expires: number): Promise<string> {
  const seconds = Math.floor(expires / 1000);
  const signature = await crypto.subtle.sign(
    "HMAC",
    await hmacKey(secret),
    encoder.encode(signed(path, seconds)),
  );
  return `${seconds}.${base64url(signature)}`;
}

/** The whole link: `site` (its origin) with the page's path and its `preview`. */
export async function previewLink(
  site: string,
  secret: string,
  path: string,
  expires: number,
): Promise<string> {
  const url = new URL(path, site);
  url.searchParams.set(PREVIEW_PARAM, await previewToken(secret, path, expires));
  return url.href;
}

/**
 * The preview `token` opens for `path` at `now`, or null: a path no preview names, a token not
 * of this form, a signature not made with `secret` for this path and expiry, or an expiry passed.
 * The signature is checked by crypto.subtle.verify, which compares in constant time.
 */
export async function openPreview(
  secret: string,
  path: string,
  token: string,
  now: number,
): Promise<Preview | null> {
  const target = previewTarget(path);
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!target || !match || !secret) return null;
  const seconds = Number(match[1]);
  const signature = fromBase64url(match[2] as string);
  if (!signature || seconds * 1000 <= now) return null;
  const valid = await crypto.subtle.verify(
    "HMAC",
    await hmacKey(secret),
    signature,
    encoder.encode(signed(path, seconds)),
  );
  return valid ? { ...target, path, expires: seconds * 1000 } : null;
}
