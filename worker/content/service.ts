import { APP_VERSION, type WorkerEnv } from "../env";
import { cachedContentStore, createEdgeCache } from "./cache";
import { createD1Store } from "./d1";
import type { ContentService } from "./types";

/** Which sources this deployment uses (reported by /api/health). */
export function describeSources(env: WorkerEnv) {
  return {
    content: env.CMS_URL ? "strapi" : "d1",
    search: env.MEILISEARCH_HOST ? "meilisearch" : env.CMS_URL ? "strapi" : "d1-fts5",
  } as const;
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
 * Builds the content service for one request (CONVENTIONS.md: once per request). Every source
 * sits behind the KV edge cache, D1 included (docs/decisions/013); `ctx` lets background
 * refreshes and cache writes outlive the response.
 */
export function createContentService(
  env: WorkerEnv,
  ctx?: Pick<ExecutionContext, "waitUntil">,
): ContentService {
  const cache = createCache(env, ctx);
  return {
    store: cachedContentStore(createD1Store(env.DB), cache),
    siteUrl: (env.SITE_URL || "http://localhost:8787").replace(/\/+$/, ""),
    siteName: env.SITE_NAME || "Crossfade",
  };
}
