import type { WorkerEnv } from "../env";
import { createD1Store } from "./d1";
import { createD1Search } from "./d1/search";
import { createMeiliSearch } from "./meilisearch/search";
import { createFailoverSearch, newAvailability } from "./search-failover";
import type { ContentService, ContentStore, SearchIndex } from "./types";

/** Which sources this deployment uses (reported by /api/health). */
export function describeSources(env: WorkerEnv) {
  return {
    content: env.CMS_URL ? "strapi" : "d1",
    search: env.MEILISEARCH_HOST ? "meilisearch" : env.CMS_URL ? "strapi" : "d1-fts5",
  } as const;
}

// The availability flag lives as long as the isolate: "checked at start" (SPEC.md section 4).
const searchAvailability = newAvailability();

/** Genre and location names by slug, for Meilisearch facets (it counts slugs and names apart). */
function taxonNames(store: ContentStore) {
  return async () => {
    const [genres, locations] = await Promise.all([store.listGenres(), store.listLocations()]);
    return new Map([...genres, ...locations].map((t) => [t.slug, t.name]));
  };
}

function createSearch(env: WorkerEnv, store: ContentStore): SearchIndex {
  const own = createD1Search(env.DB);
  if (!env.MEILISEARCH_HOST) return own;
  const meili = createMeiliSearch({
    host: env.MEILISEARCH_HOST,
    searchKey: env.MEILISEARCH_SEARCH_KEY,
    names: taxonNames(store),
  });
  return createFailoverSearch(meili, own, searchAvailability);
}

/** Builds the content service for one request (CONVENTIONS.md: once per request). */
export function createContentService(env: WorkerEnv): ContentService {
  const store = createD1Store(env.DB);
  return {
    store,
    search: createSearch(env, store),
    siteUrl: (env.SITE_URL || "http://localhost:8787").replace(/\/+$/, ""),
    siteName: env.SITE_NAME || "Crossfade",
  };
}
