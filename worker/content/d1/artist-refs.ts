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
 * The published artists an item links to, as a JSON column (`json_name`): from link table
 * `table` whose `owner` column is the item's id (alias `alias`), for the item itself (entry 0)
 * or, with `entries`, for each of its entries (tracklist position, track number, lineup place).
 */
export function artistRefsColumn(
  table: string,
  owner: string,
  alias: string,
  jsonName: string,
  { entries = false, hasEntry = true } = {},
): string {
  const entryWhere = !hasEntry ? "" : entries ? " AND x.entry > 0" : " AND x.entry = 0";
  const fields = `${entries ? "'entry', r.entry, " : ""}'slug', r.slug, 'name', r.name`;
  const order = hasEntry ? "x.entry, x.position" : "x.position";
  return `(SELECT json_group_array(json_object(${fields})) FROM (SELECT ${hasEntry ? "x.entry" : "0 AS entry"}, a.slug, a.name
    FROM ${table} x JOIN artists a ON a.id = x.artist_id
    WHERE x.${owner} = ${alias}.id AND a.pub_status = 'published'${entryWhere} ORDER BY ${order}) r) AS ${jsonName}`;
}

type EntryRef = ArtistRef & { entry: number };

/** The refs of a JSON column, in the order of their links. */
export const artistRefs = (json: unknown): ArtistRef[] =>
  parseJson<ArtistRef>(json, []).map(({ slug, name }) => ({ slug, name }));

/** The entry refs of a JSON column. */
export const entryRefs = (json: unknown): EntryRef[] => parseJson<EntryRef>(json, []);

/** The refs of one entry. */
export const refsOf = (refs: EntryRef[], entry: number): ArtistRef[] =>
  refs.filter((r) => r.entry === entry).map(({ slug, name }) => ({ slug, name }));
