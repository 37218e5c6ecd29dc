import { xmlEscape } from "./xml";

/**
 * An item's `<guid>`: the address it was first published at, which stays its identity in feed
 * readers and podcast apps when it is renamed (docs/decisions/152-feed-guids-survive-renames.md).
 * For an item never renamed that is its address today, as it always was; for a renamed one, the
 * address of its first slug, which answers 301 to the item, so it is still a permalink.
 */
export function guidXml(siteUrl: string, base: string, item: { slug: string; firstSlug?: string }): string {
  return `<guid isPermaLink="true">${xmlEscape(`${siteUrl}${base}/${item.firstSlug ?? item.slug}`)}</guid>`;
}
