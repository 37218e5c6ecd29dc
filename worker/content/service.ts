import type { WorkerEnv } from "../env";
import { createD1Store } from "./d1";
import { createStrapiStore } from "./strapi";
import type { ContentService } from "./types";

/** Which sources this deployment uses (reported by /api/health). */
export function describeSources(env: WorkerEnv) {
  return {
    content: env.CMS_URL ? "strapi" : "d1",
    search: env.MEILISEARCH_HOST ? "meilisearch" : env.CMS_URL ? "strapi" : "d1-fts5",
  } as const;
}

/** CMS_URL set: Strapi 5 is the content source, else the embedded D1 store (DESIGN.md section 4). */
function strapiStore(env: WorkerEnv, cmsUrl: string) {
  return createStrapiStore(cmsUrl, undefined, {
    token: env.CMS_API_TOKEN,
    timeoutMs: Number(env.CMS_TIMEOUT_MS) || undefined,
  });
}

/** Builds the content service for one request (CONVENTIONS.md: once per request). */
export function createContentService(env: WorkerEnv): ContentService {
  return {
    store: env.CMS_URL ? strapiStore(env, env.CMS_URL) : createD1Store(env.DB),
    siteUrl: (env.SITE_URL || "http://localhost:8787").replace(/\/+$/, ""),
    siteName: env.SITE_NAME || "Crossfade",
  };
}
