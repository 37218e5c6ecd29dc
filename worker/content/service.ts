import type { WorkerEnv } from "../env";
import { createD1Store } from "./d1";
import type { ContentService } from "./types";

/** Which sources this deployment uses (reported by /api/health). */
export function describeSources(env: WorkerEnv) {
  return {
    content: env.CMS_URL ? "strapi" : "d1",
    search: env.MEILISEARCH_HOST ? "meilisearch" : env.CMS_URL ? "strapi" : "d1-fts5",
  } as const;
}

/** Builds the content service for one request (CONVENTIONS.md: once per request). */
export function createContentService(env: WorkerEnv): ContentService {
  return {
    store: createD1Store(env.DB, env.UPLOADS),
    siteUrl: (env.SITE_URL || "http://localhost:8787").replace(/\/+$/, ""),
    siteName: env.SITE_NAME || "Crossfade",
  };
}
