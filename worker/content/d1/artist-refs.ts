import type { ArtistRef } from "@core/content/artist-ref";

/** A JSON column's list, or none when the column is empty or malformed (a hand-edited row). */
function parseJson<T>(text: unknown, fallback: T[]): T[] {
  if (typeof text !== "string" || text === "") return fallback;
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as T[]) : fallback;
  } catch {
    return fallback;
  }
}

/**
 * The published artists an item links to, as a JSON column (`jsonName`): from link table
 * `table` whose `owner` column is the item's id (alias `alias`), for the item itself (entry 0)
 * and for each of its entries (tracklist position, track number, lineup place) at once. No
 * ORDER BY: sorting in SQL costs a temporary table for every item of a list, so `entryRefs`
 * puts them in the order of their links.
 */
export function artistRefsColumn(
  table: string,
  owner: string,
  alias: string,
  jsonName: string,
  { hasEntry = true } = {},
): string {
  const entry = hasEntry ? "x.entry" : "0";
  return `(SELECT json_group_array(json_object('entry', ${entry}, 'position', x.position, 'slug', a.slug, 'name', a.name))
    FROM ${table} x JOIN artists a ON a.id = x.artist_id
    WHERE x.${owner} = ${alias}.id AND a.pub_status = 'published') AS ${jsonName}`;
}

type EntryRef = ArtistRef & { entry: number };
type StoredRef = EntryRef & { position?: number };

/** Every ref of a JSON column (the item's own at entry 0), in the order of their links. */
export const entryRefs = (json: unknown): EntryRef[] =>
  parseJson<StoredRef>(json, [])
    .sort((a, b) => a.entry - b.entry || (a.position ?? 0) - (b.position ?? 0))
    .map(({ entry, slug, name }) => ({ entry, slug, name }));

/** The item's own refs (entry 0) of a JSON column, in the order of their links. */
export const artistRefs = (json: unknown): ArtistRef[] => refsOf(entryRefs(json), 0);

/** The refs of one entry. */
export const refsOf = (refs: EntryRef[], entry: number): ArtistRef[] =>
  refs.filter((r) => r.entry === entry).map(({ slug, name }) => ({ slug, name }));
