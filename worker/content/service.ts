import type { ContentService, SearchIndex } from "@core/content/types";
import { APP_VERSION, type WorkerEnv } from "../env";
import { cachedContentStore, cachedSearchIndex, createEdgeCache, type EdgeCache } from "./cache";
import { createD1Store } from "./d1";
import { createD1Search } from "./d1/search";
import { createMeiliSearch } from "./meilisearch/search";
import { createFailoverSearch, newAvailability } from "./search-failover";
import { knownTaxa, runSearch } from "./search-run";
import { requestSourceFailed } from "./source-failure";
import { createStrapiSearch, createStrapiStore } from "./strapi";

/** Which sources this deployment uses (reported by /api/health). */
export function describeSources(env: WorkerEnv) {
  return {
    content: env.CMS_URL ? "strapi" : "d1",
    search: env.MEILISEARCH_HOST ? "meilisearch" : env.CMS_URL ? "strapi" : "d1-fts5",
  } as const;
}

/** CMS_URL set: Strapi 5 is the content source, else the embedded D1 store (docs/architecture.md). */
function strapiStore(env: WorkerEnv, cmsUrl: string) {
  return createStrapiStore(cmsUrl, undefined, {
    token: env.CMS_API_TOKEN,
    timeoutMs: Number(env.CMS_TIMEOUT_MS) || undefined,
  });
}

// The availability flag lives as long as the isolate: "checked at start" (docs/product.md section 4).
const searchAvailability = newAvailability();

/**
 * Forgets what this isolate knows about the search service, so the next request checks it
 * again as at start. For tests that switch the service between faults within one isolate.
 */
export function resetSearchAvailability(): void {
  Object.assign(searchAvailability, newAvailability());
}

function createSearch(env: WorkerEnv): SearchIndex {
  // The content source's own search: FTS5 in D1, or Strapi's $containsi filters.
  const own = env.CMS_URL
    ? createStrapiSearch(env.CMS_URL, undefined, { timeoutMs: Number(env.CMS_TIMEOUT_MS) || undefined })
    : createD1Search(env.DB);
  if (!env.MEILISEARCH_HOST) return own;
  const meili = createMeiliSearch({
    host: env.MEILISEARCH_HOST,
    searchKey: env.MEILISEARCH_SEARCH_KEY,
  });
  return createFailoverSearch(meili, own, searchAvailability);
}

/**
 * The edge cache for one request; also what the purge endpoint bumps. `npm run dev` skips it,
 * so an edited loader or a reseeded database shows on the next reload.
 */
export function createCache(env: WorkerEnv, ctx?: Pick<ExecutionContext, "waitUntil">) {
  const kv = import.meta.env.MODE === "development" ? undefined : env.CACHE;
  return createEdgeCache({ kv, ctx, release: env.APP_VERSION || APP_VERSION });
}

/**
 * Builds the content service for one request (docs/conventions.md: once per request). Every source
 * sits behind the KV edge cache, D1 included (docs/decisions/013); `ctx` lets background
 * refreshes and cache writes outlive the response.
 */
export function createContentService(
  env: WorkerEnv,
  ctx?: Pick<ExecutionContext, "waitUntil">,
  cache: EdgeCache = createCache(env, ctx),
): ContentService {
  const store = cachedContentStore(
    env.CMS_URL ? strapiStore(env, env.CMS_URL) : createD1Store(env.DB, env.UPLOADS),
    cache,
  );
  const service: ContentService = {
    store,
    search: cachedSearchIndex(createSearch(env), cache),
    siteUrl: (env.SITE_URL || "http://localhost:8787").replace(/\/+$/, ""),
    siteName: env.SITE_NAME || "Crossfade",
    sourceFailed: requestSourceFailed,
    runSearch: (parsed) => runSearch(service, parsed),
    knownTaxa: () => knownTaxa(service),
  };
  return service;
}
