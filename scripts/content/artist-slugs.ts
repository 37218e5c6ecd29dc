import { slugify } from "./format";
import { hashString } from "./random";

/**
 * Slugs for names becoming artists (docs/decisions/075-artists.md): slugify's, else
 * `artist-<hash>` for a name without a Latin letter; never one taken, a number added if so.
 * The D1 upgrade script and Strapi's (cms/src/seed/artists-from-names.js) share it.
 */
export function slugsForNames(
  names: string[],
  taken: Iterable<string>,
): Array<{ name: string; slug: string }> {
  const used = new Set(taken);
  return names.map((name) => {
    const base = slugify(name) || `artist-${hashString(name).toString(36)}`;
    let slug = base;
    for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
    used.add(slug);
    return { name, slug };
  });
}
