/**
 * What the share dialog's Embed tab and the oEmbed endpoint both hand out (docs/decisions/031):
 * the embed page of a playable item and the iframe that shows it.
 */

import { readChoice } from "../page-params";
import { parseStartTime } from "./moment";

/** The playable detail pages, by their path segment. */
export type EmbedKind = "blog" | "mixtapes" | "releases";
export const EMBED_KINDS: readonly EmbedKind[] = ["blog", "mixtapes", "releases"];

/** docs/product.md section 9: the embed's default size; a tracklist needs the taller card. */
export const EMBED_WIDTH = 480;
/** The compact embed is one row: cover, play, title and progress (docs/decisions/031). */
export const EMBED_HEIGHT = { single: 200, list: 400, compact: 120 } as const;

/** `?size=`: the full card (the default) or the one-row compact player. */
export type EmbedSize = "full" | "compact";
/** `?theme=`: dark (the site's, the default) or light, to sit on a light page. */
export type EmbedTheme = "dark" | "light";

export interface EmbedOptions {
  size: EmbedSize;
  theme: EmbedTheme;
  /** `?t=`: where Play starts, in seconds (core/share/moment.ts reads it as the pages do). */
  start: number | null;
}

export function embedHeight(kind: EmbedKind, size: EmbedSize = "full"): number {
  if (size === "compact") return EMBED_HEIGHT.compact;
  return kind === "blog" ? EMBED_HEIGHT.single : EMBED_HEIGHT.list;
}

/** The sizes and themes an embed takes, the default first. */
export const EMBED_SIZES: readonly EmbedSize[] = ["full", "compact"];
export const EMBED_THEMES: readonly EmbedTheme[] = ["dark", "light"];

/**
 * The embed's options from its query (core/page-params.ts reads each parameter). A size or theme
 * it does not know, or one given twice, is an error with a message (the code that frames it is
 * wrong and should say so); `t` is read like a shared link's, where anything malformed is ignored.
 */
export function readEmbedOptions(params: URLSearchParams): EmbedOptions | { error: string } {
  const size = readChoice(params.getAll("size"), "size", EMBED_SIZES, "full");
  if (!size.ok) return { error: size.error };
  const theme = readChoice(params.getAll("theme"), "theme", EMBED_THEMES, "dark");
  if (!theme.ok) return { error: theme.error };
  return { size: size.value, theme: theme.value, start: parseStartTime(params.get("t")) };
}

/** The item's detail page and its embed page. */
export function pagePath(kind: EmbedKind, slug: string): string {
  return `/${kind}/${encodeURIComponent(slug)}`;
}
export function embedPath(kind: EmbedKind, slug: string, options: Partial<EmbedOptions> = {}): string {
  const query = new URLSearchParams();
  if (options.size && options.size !== "full") query.set("size", options.size);
  if (options.theme && options.theme !== "dark") query.set("theme", options.theme);
  if (options.start) query.set("t", String(options.start));
  const search = query.toString();
  return `/embed${pagePath(kind, slug)}${search ? `?${search}` : ""}`;
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
