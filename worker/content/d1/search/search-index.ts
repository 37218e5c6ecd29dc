import type { SearchQuery } from "@core/search/query";
import type { SearchIndex } from "@core/search/search-index";
import { searchSideBySide } from "../../search-both";
import { searchArtists } from "./artists";
import { searchMixtapes } from "./mixtapes";
import { searchPosts } from "./posts";
import { suggest } from "./suggest";

/** The embedded search: FTS5 tables in the same D1 database as the content. */
export function createD1Search(db: D1Database): SearchIndex {
  const search = {
    searchPosts: (query: SearchQuery) => searchPosts(db, query),
    searchMixtapes: (query: SearchQuery) => searchMixtapes(db, query),
  };
  return {
    kind: "d1-fts5",
    ...search,
    searchPostsAndMixtapes: searchSideBySide(search),
    suggest: (text, limit) => suggest(db, text, limit),
    searchArtists: (text, limit) => searchArtists(db, text, limit),
    async health() {
      const row = await db.prepare("SELECT COUNT(*) AS n FROM posts_fts").first<{ n: number }>();
      return (row?.n ?? 0) > 0;
    },
  };
}
