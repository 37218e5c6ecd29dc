import type { CatalogueReader } from "@core/content/catalogue";
import { PLACEHOLDER_COVER } from "@core/content/covers";
import { askedByFormerSlug } from "@core/content/renamed";
import {
  EMBED_HEIGHT,
  EMBED_WIDTH,
  type EmbedKind,
  type EmbedSize,
  embedHeight,
  embedIframe,
  embedPath,
  pagePath,
  parseItemPath,
} from "@core/share/embed";
import { TEXTS } from "@core/texts";
import type { Context } from "hono";
import type { AppEnv } from "../app-env";

/** docs/product.md section 9: covers are square; their thumbnails are announced at this size. */
export const THUMBNAIL_SIZE = 600;
/** Cached for a day by consumers (oEmbed `cache_age`) and shared caches. */
const OEMBED_CACHE_SECONDS = 86_400;

type Problem = { status: 400 | 404 | 501; message: string };

/** maxwidth / maxheight: absent, or a positive whole number. */
function readMax(value: string | undefined, name: string): number | undefined | Problem {
  if (value === undefined || value === "") return undefined;
  if (!/^\d{1,5}$/.test(value) || Number(value) < 1)
    return { status: 400, message: `${name} must be a positive whole number` };
  return Number(value);
}

/** The site item an oEmbed `url` names, or why it names none. */
function readItem(raw: string | undefined, origins: string[]): { kind: EmbedKind; slug: string } | Problem {
  if (!raw) return { status: 400, message: "The url parameter is required" };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { status: 400, message: "The url parameter must be an absolute http(s) URL" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return { status: 400, message: "The url parameter must be an absolute http(s) URL" };
  const item = origins.includes(url.origin) ? parseItemPath(url.pathname) : null;
  return item ?? { status: 404, message: "No post, mixtape or release of this site at that URL" };
}

/**
 * GET /oembed?url=…&format=json[&maxwidth=…&maxheight=…] (docs/product.md section 2): the oEmbed
 * 1.0 "rich" answer for a post, mixtape or release page of this site.
 */
export async function oembed(c: Context<AppEnv>) {
  const { catalogue, siteUrl, siteName } = c.var.content;
  const fail = (p: Problem) => c.json({ error: p.message }, p.status, { "Cache-Control": "no-store" });
  const format = c.req.query("format") ?? "json";
  if (format !== "json") return fail({ status: 501, message: "Only format=json is served" });
  const maxWidth = readMax(c.req.query("maxwidth"), "maxwidth");
  if (typeof maxWidth === "object") return fail(maxWidth);
  const maxHeight = readMax(c.req.query("maxheight"), "maxheight");
  if (typeof maxHeight === "object") return fail(maxHeight);
  const site = new URL(siteUrl);
  const item = readItem(c.req.query("url"), [site.origin, new URL(c.req.url).origin]);
  if ("status" in item) return fail(item);

  const found = await describe(catalogue, item);
  if (!found && c.var.content.sourceFailed())
    return c.json({ error: "The catalogue is unavailable right now. Please try again in a moment." }, 503, {
      "Retry-After": "30",
    });
  if (!found) return fail({ status: 404, message: "No post, mixtape or release of this site at that URL" });
  // A page's address under a slug it had before: the card names the page and embed as they are now
  // (docs/decisions/151-renamed-slugs-redirect.md).
  const slug = askedByFormerSlug(item.slug, found) ? found.slug : item.slug;

  const width = Math.min(EMBED_WIDTH, maxWidth ?? EMBED_WIDTH);
  // A consumer with less room than the full card gets the compact one-row player, which fits
  // from 120 px (docs/decisions/031).
  const size: EmbedSize =
    maxHeight !== undefined && maxHeight < embedHeight(item.kind) && maxHeight >= EMBED_HEIGHT.compact
      ? "compact"
      : "full";
  const height = Math.min(embedHeight(item.kind, size), maxHeight ?? Number.POSITIVE_INFINITY);
  const absolute = (path: string) => new URL(path, site).toString();
  const thumbnail = Math.min(THUMBNAIL_SIZE, maxWidth ?? THUMBNAIL_SIZE, maxHeight ?? THUMBNAIL_SIZE);
  return c.json(
    {
      version: "1.0",
      type: "rich",
      title: found.title,
      author_name: found.author,
      author_url: absolute(pagePath(item.kind, slug)),
      provider_name: siteName,
      provider_url: absolute("/"),
      cache_age: OEMBED_CACHE_SECONDS,
      html: embedIframe({
        src: absolute(embedPath(item.kind, slug, { size })),
        title: `${found.title} on ${siteName}`,
        width,
        height,
      }),
      width,
      height,
      thumbnail_url: absolute(found.cover?.trim() ? found.cover : PLACEHOLDER_COVER),
      thumbnail_width: thumbnail,
      thumbnail_height: thumbnail,
    },
    200,
    { "Cache-Control": `public, max-age=${OEMBED_CACHE_SECONDS}` },
  );
}

async function describe(
  catalogue: CatalogueReader,
  item: { kind: EmbedKind; slug: string },
): Promise<{
  id: string | number;
  slug: string;
  title: string;
  author: string;
  cover: string | null;
} | null> {
  if (item.kind === "blog") {
    const post = await catalogue.getPost(item.slug);
    return post && { ...post, author: post.artist ?? TEXTS.unknownArtist, cover: post.coverImage };
  }
  if (item.kind === "mixtapes") {
    const mixtape = await catalogue.getMixtape(item.slug);
    return mixtape && { ...mixtape, author: mixtape.artist ?? "Crossfade", cover: mixtape.coverImage };
  }
  const release = await catalogue.getRelease(item.slug);
  return release && { ...release, author: release.artist, cover: release.artwork };
}
