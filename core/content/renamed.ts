/**
 * Renamed items keep their old addresses (docs/decisions/151-renamed-slugs-redirect.md): a read
 * by slug also finds an item by a slug it had before, and the page, embed or file then answers
 * 301 to the item's address under its slug now.
 */

/**
 * Whether `asked`, the slug or id of an address, names `item` by a slug it had before: neither
 * its slug nor its id (an id, as in /mixtapes/3, stays an address of its own).
 */
export function askedByFormerSlug(asked: string, item: { slug: string; id: number | string }): boolean {
  return asked !== item.slug && asked !== String(item.id);
}
