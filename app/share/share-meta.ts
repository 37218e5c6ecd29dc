import { absoluteUrl } from "@app/lib/images";
import type { SiteInfo } from "@app/lib/seo";
import { EMBED_WIDTH, type EmbedKind, embedHeight, embedPath, pagePath } from "@core/share/embed";
import type { MetaDescriptor } from "react-router";

/**
 * A detail page's sharing tags (docs/decisions/031): oEmbed discovery and, when it has something
 * to play, a Twitter player card pointing at the embed in place of the large-image card seo() writes.
 */
export function withPlayerCard(
  tags: MetaDescriptor[],
  site: SiteInfo,
  item: { kind: EmbedKind; slug: string; title: string; playable: boolean },
): MetaDescriptor[] {
  const page = absoluteUrl(site.siteUrl, pagePath(item.kind, item.slug));
  const oembed = absoluteUrl(site.siteUrl, `/oembed?url=${encodeURIComponent(page)}&format=json`);
  const discovery: MetaDescriptor = {
    tagName: "link",
    rel: "alternate",
    type: "application/json+oembed",
    href: oembed,
    title: item.title,
  };
  if (!item.playable) return [...tags, discovery];
  const out = tags.map((tag) =>
    "name" in tag && tag.name === "twitter:card" ? { name: "twitter:card", content: "player" } : tag,
  );
  out.push(
    discovery,
    { name: "twitter:player", content: absoluteUrl(site.siteUrl, embedPath(item.kind, item.slug)) },
    { name: "twitter:player:width", content: String(EMBED_WIDTH) },
    { name: "twitter:player:height", content: String(embedHeight(item.kind)) },
  );
  return out;
}
