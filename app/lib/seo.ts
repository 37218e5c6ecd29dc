import { shareCard } from "@core/media/share-card";
import { TEXTS } from "@core/texts";
import { isRouteErrorResponse, type MetaDescriptor } from "react-router";
import { absoluteUrl, PLACEHOLDER_COVER } from "./images";

export interface SiteInfo {
  siteUrl: string;
  siteName: string;
}

export interface SeoInput {
  title: string;
  description: string;
  path: string;
  image?: string | null;
  type?: "website" | "article" | "music.song" | "music.playlist" | "music.album" | "event";
  jsonLd?: Record<string, unknown>;
  noindex?: boolean;
}

/** Reads the site info the root loader provides, from a meta function's matches. */
export function siteFromMatches(
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>,
): SiteInfo {
  const root = matches.find((m) => m?.id === "root")?.data as Partial<SiteInfo> | undefined;
  return { siteUrl: root?.siteUrl ?? "http://localhost:8787", siteName: root?.siteName ?? "Crossfade" };
}

/**
 * The `meta` export of a page whose tags do not depend on its loader data:
 * `export const meta = pageMeta({ title, description, path })`.
 */
export function pageMeta(input: SeoInput) {
  return ({ matches }: { matches: Parameters<typeof siteFromMatches>[0] }): MetaDescriptor[] =>
    seo(siteFromMatches(matches), input);
}

/** Title, description, canonical URL, Open Graph and Twitter card, and JSON-LD for a page. */
export function seo(site: SiteInfo, input: SeoInput): MetaDescriptor[] {
  const title = input.title === site.siteName ? input.title : `${input.title} · ${site.siteName}`;
  const url = absoluteUrl(site.siteUrl, input.path);
  const card = shareCard(input.image || PLACEHOLDER_COVER);
  const image = absoluteUrl(site.siteUrl, card.url);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.siteName },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:image", content: image },
    ...(card.width
      ? [
          { property: "og:image:width", content: String(card.width) },
          { property: "og:image:height", content: String(card.height) },
        ]
      : []),
    { property: "og:image:alt", content: input.title },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: input.title },
  ];
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  if (input.jsonLd) tags.push({ "script:ld+json": input.jsonLd });
  return tags;
}

/** The title of a page that answered an error instead: a 400, a 404 or the page error. */
export function errorMeta(error: unknown, site: SiteInfo): MetaDescriptor[] {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 400 ? TEXTS.badRequestTitle : status === 404 ? "Not found" : TEXTS.pageErrorTitle;
  return [{ title: `${title} · ${site.siteName}` }];
}
