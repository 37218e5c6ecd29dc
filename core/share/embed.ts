/**
 * What the share dialog's Embed tab and the oEmbed endpoint both hand out (docs/decisions/031):
 * the embed page of a playable item and the iframe that shows it.
 */

/** The playable detail pages, by their path segment. */
export type EmbedKind = "blog" | "mixtapes" | "releases";
export const EMBED_KINDS: readonly EmbedKind[] = ["blog", "mixtapes", "releases"];

/** docs/product.md section 9: the embed's default size; a tracklist needs the taller card. */
export const EMBED_WIDTH = 480;
export const EMBED_HEIGHT = { single: 200, list: 400 } as const;

export function embedHeight(kind: EmbedKind): number {
  return kind === "blog" ? EMBED_HEIGHT.single : EMBED_HEIGHT.list;
}

/** The item's detail page and its embed page. */
export function pagePath(kind: EmbedKind, slug: string): string {
  return `/${kind}/${encodeURIComponent(slug)}`;
}
export function embedPath(kind: EmbedKind, slug: string): string {
  return `/embed${pagePath(kind, slug)}`;
}

/** A detail or embed path of the site, read back into kind and slug; null for anything else. */
export function parseItemPath(pathname: string): { kind: EmbedKind; slug: string } | null {
  const match = pathname.match(/^(?:\/embed)?\/(blog|mixtapes|releases)\/([^/]+)\/?$/);
  if (!match?.[1] || !match[2]) return null;
  try {
    return { kind: match[1] as EmbedKind, slug: decodeURIComponent(match[2]) };
  } catch {
    return null;
  }
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The iframe code: a titled, lazily loaded frame that may play audio. */
export function embedIframe(options: { src: string; title: string; width: number; height: number }): string {
  return `<iframe src="${escapeAttribute(options.src)}" title="${escapeAttribute(options.title)}" width="${options.width}" height="${options.height}" style="border:0;border-radius:12px" allow="autoplay; encrypted-media; fullscreen" loading="lazy"></iframe>`;
}
