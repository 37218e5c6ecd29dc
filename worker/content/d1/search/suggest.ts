import type { Suggestion } from "@core/search/results";
import { balance } from "@worker/content/balance";
import { newestFirst, type RankPart, rankWindow, type Windowed } from "./candidates";
import { ftsMatch, ftsTerms } from "./fts-query";

const COLUMNS = ["title", "artist_name", "folded"];

/**
 * As-you-type suggestions from titles and artist names: half posts, half mixtapes, and when one
 * side has fewer the other fills the remaining places.
 */
export async function suggest(db: D1Database, text: string, limit: number): Promise<Suggestion[]> {
  const match = ftsMatch(ftsTerms(text), "all", COLUMNS);
  if (!match || limit < 1) return [];
  // FTS5 ranks and limits first; only the few rows it keeps are joined (docs/decisions/072),
  // ranking the matches among the newest ids first (docs/decisions/104).
  const best = (fts: string, weights: string, table: string, date: string) => (part: RankPart, n: number) => {
    const window = rankWindow(table, part);
    return db
      .prepare(
        `SELECT t.slug, t.title, t.artist_name, c.rank${window.whole} FROM (SELECT rowid AS id, rank FROM ${fts}
           WHERE ${fts} MATCH ?1 ${window.where} AND rank MATCH ?2 ORDER BY rank LIMIT ?3) c
         JOIN ${table} t ON t.id = c.id ORDER BY c.rank, t.${date} DESC`,
      )
      .bind(match, `bm25(${weights})`, n);
  };
  const sides = [
    best("posts_fts", "10.0, 8.0, 0, 0, 0, 0, 6.0", "posts", "post_date"),
    best("mixtapes_fts", "10.0, 8.0, 0, 0, 0, 6.0", "mixtapes", "release_date"),
  ];
  type Row = { slug: string; title: string; artist_name: string | null } & Windowed;
  const newest = await db.batch<Row>(sides.map((side) => side("newest", limit)));
  // A side with fewer than `limit` among the newest ids is filled up with the best older ones.
  const [posts = [], mixtapes = []] = await Promise.all(
    sides.map((side, i) =>
      newestFirst(newest[i]?.results ?? [], limit, (n) =>
        side("older", n)
          .all<Row>()
          .then((r) => r.results),
      ),
    ),
  );
  const postItems: Suggestion[] = posts.map((r) => ({
    kind: "post",
    title: r.title,
    artist: r.artist_name,
    href: `/blog/${r.slug}`,
  }));
  const mixtapeItems: Suggestion[] = mixtapes.map((r) => ({
    kind: "mixtape",
    title: r.title,
    artist: r.artist_name,
    href: `/mixtapes/${r.slug}`,
  }));
  return balance(postItems, mixtapeItems, limit);
}
