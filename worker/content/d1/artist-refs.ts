import type { ArtistRef } from "@core/content/artist-ref";

/*
 * An item's artist refs are kept as JSON in its extras row by triggers
 * (scripts/content/sql/cards-sql.ts): its own at entry 0, its entries' (tracklist position, track
 * number, lineup place) at theirs, in no order. These read them back in the order of the links.
 */

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
