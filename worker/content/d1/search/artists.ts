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
      // Ranked and limited inside FTS5 before the join (docs/decisions/072-capped-search.md):
      // a common word matches many artists, and only the best few are shown.
      `SELECT a.slug, a.name, a.kind, a.image, f.marked
       FROM (SELECT rowid, highlight(artists_fts, 0, '<mark>', '</mark>') AS marked,
               bm25(artists_fts, 10.0, 0, 2.0, 2.0, 8.0) AS score
             FROM artists_fts WHERE artists_fts MATCH ?1 ORDER BY score LIMIT ?2 + 10) f
       JOIN artists a ON a.id = f.rowid
       WHERE a.pub_status = 'published'
       ORDER BY f.score, a.name LIMIT ?2`,
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
