import type { Suggestion } from "@core/search/results";
import { balance } from "@worker/content/balance";
import { ftsMatch, ftsTerms } from "./fts-query";

const COLUMNS = ["title", "artist_name", "folded"];

/**
 * As-you-type suggestions from titles and artist names: half posts, half mixtapes, and when one
 * side has fewer the other fills the remaining places.
 */
export async function suggest(db: D1Database, text: string, limit: number): Promise<Suggestion[]> {
  const match = ftsMatch(ftsTerms(text), "all", COLUMNS);
  if (!match || limit < 1) return [];
  const [posts, mixtapes] = await db.batch([
    db
      .prepare(
        `SELECT p.slug, p.title, p.artist_name FROM posts_fts JOIN posts p ON p.id = posts_fts.rowid
         WHERE posts_fts MATCH ? AND p.pub_status = 'published'
         ORDER BY bm25(posts_fts, 10.0, 8.0, 0, 0, 0, 0, 6.0), p.post_date DESC LIMIT ?`,
      )
      .bind(match, limit),
    db
      .prepare(
        `SELECT m.slug, m.title, m.artist_name FROM mixtapes_fts JOIN mixtapes m ON m.id = mixtapes_fts.rowid
         WHERE mixtapes_fts MATCH ? AND m.pub_status = 'published'
         ORDER BY bm25(mixtapes_fts, 10.0, 8.0, 0, 0, 0, 6.0), m.release_date DESC LIMIT ?`,
      )
      .bind(match, limit),
  ]);
  type Row = { slug: string; title: string; artist_name: string | null };
  const postItems: Suggestion[] = ((posts?.results ?? []) as Row[]).map((r) => ({
    kind: "post",
    title: r.title,
    artist: r.artist_name,
    href: `/blog/${r.slug}`,
  }));
  const mixtapeItems: Suggestion[] = ((mixtapes?.results ?? []) as Row[]).map((r) => ({
    kind: "mixtape",
    title: r.title,
    artist: r.artist_name,
    href: `/mixtapes/${r.slug}`,
  }));
  return balance(postItems, mixtapeItems, limit);
}
