import type { SearchIndex } from "@core/content/types";
import { searchMixtapes } from "./mixtapes";
import { searchPosts } from "./posts";
import { suggest } from "./suggest";

/** The embedded search: FTS5 tables in the same D1 database as the content. */
export function createD1Search(db: D1Database): SearchIndex {
  return {
    kind: "d1-fts5",
    searchPosts: (query) => searchPosts(db, query),
    searchMixtapes: (query) => searchMixtapes(db, query),
    suggest: (text, limit) => suggest(db, text, limit),
    async health() {
      const row = await db.prepare("SELECT COUNT(*) AS n FROM posts_fts").first<{ n: number }>();
      return (row?.n ?? 0) > 0;
    },
  };
}
