import type { ArtistHit } from "@core/search/results";
import { ftsMatch, ftsTerms } from "./fts-query";

/**
 * Artists whose name matches every word of the text (as prefixes; 'moller' finds 'Møller'
 * through the folded column), best first: the name counts most, then genres and home.
 */
export async function searchArtists(db: D1Database, text: string, limit: number): Promise<ArtistHit[]> {
  const match = ftsMatch(ftsTerms(text), "all", ["name", "folded", "genres", "location"]);
  if (!match || limit < 1) return [];
  const { results } = await db
    .prepare(
      `SELECT a.slug, a.name, a.kind, a.image,
         highlight(artists_fts, 0, '<mark>', '</mark>') AS marked
       FROM artists_fts JOIN artists a ON a.id = artists_fts.rowid
       WHERE artists_fts MATCH ? AND a.pub_status = 'published'
       ORDER BY bm25(artists_fts, 10.0, 0, 2.0, 2.0, 8.0), a.name LIMIT ?`,
    )
    .bind(match, limit)
    .all<{ slug: string; name: string; kind: string; image: string | null; marked: string }>();
  return results.map((r) => ({
    slug: r.slug,
    name: r.name,
    kind: r.kind === "group" ? "group" : "person",
    image: r.image,
    highlightedName: r.marked.includes("<mark>") ? r.marked : r.name,
  }));
}
