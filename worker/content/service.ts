import type { ContentService } from "@core/content/service";
import type { SearchIndex } from "@core/search/search-index";
import { type ContentCache, cachedCatalogue, cachedSearch, createContentCache } from "@worker/cache/content";
import { requestSourceFailed } from "@worker/failure/source-failure";
import { type OnReleased, watchSchedule, watchWithoutCache } from "@worker/publishing";
import { APP_VERSION, type WorkerEnv } from "../env";
import { createD1Source } from "./d1";
import { createD1Search } from "./d1/search/search-index";
import { withFailurePath } from "./degrade";
import { createMeiliSearch } from "./meilisearch/search";
import { createFailoverSearch, newAvailability } from "./search-failover";
import { knownTaxa, runSearch } from "./search-run";
import type { ContentSource } from "./source";
import { createStrapiSearch, createStrapiSource } from "./strapi";
import { budgetMs, type TimeBudget, timeBudget } from "./time-budget";

/** Which sources this deployment uses (reported by /api/health). */
export function describeSources(env: WorkerEnv) {
  return {
    content: env.CMS_URL ? "strapi" : "d1",
    search: env.MEILISEARCH_HOST ? "meilisearch" : env.CMS_URL ? "strapi" : "d1-fts5",
  } as const;
}

/** CMS_URL set: Strapi 5 is the content source, else the embedded D1 store (docs/architecture.md). */
function contentSource(env: WorkerEnv, budget: TimeBudget): ContentSource {
  if (!env.CMS_URL) {
    const graceSeconds = Number(env.UPLOAD_ORPHAN_GRACE_SECONDS);
    const orphanGraceMs =
      env.UPLOAD_ORPHAN_GRACE_SECONDS && graceSeconds >= 0 ? graceSeconds * 1000 : undefined;
    return createD1Source(env.DB, env.UPLOADS, { orphanGraceMs });
  }
  return createStrapiSource(env.CMS_URL, undefined, {
    token: env.CMS_API_TOKEN,
    budget,
    mediaBase: env.CMS_MEDIA_URL,
  });
}

/**
 * The newsletter store outside a request (the Cron Trigger's cleanup of expired sign-ups): the
 * subscribers live where the content does, D1 or Strapi (docs/decisions/088-strapi-double-opt-in.md).
 */
export function newsletterStoreOf(env: WorkerEnv) {
  return withFailurePath(contentSource(env, timeBudget(budgetMs(env.CMS_TIMEOUT_MS)))).newsletter;
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

function createSearch(env: WorkerEnv, budget: TimeBudget): SearchIndex {
  // The content source's own search: FTS5 in D1, or Strapi's $containsi filters.
  const own = env.CMS_URL ? createStrapiSearch(env.CMS_URL, undefined, { budget }) : createD1Search(env.DB);
  if (!env.MEILISEARCH_HOST) return own;
  const meili = createMeiliSearch({
    host: env.MEILISEARCH_HOST,
    searchKey: env.MEILISEARCH_SEARCH_KEY,
  });
  return createFailoverSearch(meili, own, searchAvailability);
}

/**
 * The KV content cache for one request; also what the purge endpoint bumps. With `watch`, reading
 * its versions also checks whether scheduled items are due (worker/publishing/watch.ts), and
 * `watch` is given the releases that went live (the release-day drops, worker/mail/drops.ts,
 * which the request's scope passes in: the mail code reads this service). `npm run dev` skips
 * the cache, so an edited loader or a reseeded database shows on the next reload.
 */
export function contentCacheFor(
  env: WorkerEnv,
  ctx?: Pick<ExecutionContext, "waitUntil">,
  watch: OnReleased | false = false,
) {
  const kv = import.meta.env.MODE === "development" ? undefined : env.CACHE;
  // Scheduled items of the embedded store go live on the first request after their time
  // (docs/decisions/153-scheduled-publishing.md); a CMS publishes its own. `watch` false: the
  // caller catches up itself (the Cron Trigger).
  const embedded = watch && env.DB && !env.CMS_URL ? env.DB : undefined;
  const drops = watch || undefined;
  if (embedded && !kv) watchWithoutCache(embedded, ctx, Date.now(), drops);
  return createContentCache({
    kv,
    ctx,
    release: env.APP_VERSION || APP_VERSION,
    onVersions: embedded ? watchSchedule(embedded, ctx, drops) : undefined,
  });
}

/**
 * Builds the content service for one request (docs/conventions.md: once per request). Each layer
 * sits on the one below it: the adapter throws, the one failure path
 * (docs/decisions/023-one-failure-path.md) degrades, the KV content cache wraps what the failure
 * path returns, D1 included (docs/decisions/013), and this assembles them; `ctx` lets background
 * refreshes and cache writes outlive the response. Nothing is built before a request first asks
 * for it (docs/decisions/051-worker-layering.md): a blog page never makes the search adapter, a
 * health check no adapter at all.
 */
export function createContentService(
  env: WorkerEnv,
  ctx?: Pick<ExecutionContext, "waitUntil">,
  cache: ContentCache = contentCacheFor(env, ctx),
): ContentService {
  // One deadline for every CMS call of this request, the source's and its search's alike.
  const budget = timeBudget(budgetMs(env.CMS_TIMEOUT_MS));
  const ports = once(() => withFailurePath(contentSource(env, budget)));
  const catalogue = once(() => cachedCatalogue(ports().catalogue, cache));
  const search = once(() => cachedSearch(createSearch(env, budget), cache));
  const service: ContentService = {
    get catalogue() {
      return catalogue();
    },
    get submissions() {
      return ports().submissions;
    },
    get newsletter() {
      return ports().newsletter;
    },
    get search() {
      return search();
    },
    siteUrl: (env.SITE_URL || "http://localhost:8787").replace(/\/+$/, ""),
    siteName: env.SITE_NAME || "Crossfade",
    sourceFailed: requestSourceFailed,
    runSearch: (parsed) => runSearch(service, parsed),
    knownTaxa: () => knownTaxa(service),
  };
  return service;
}

/** `make`'s value, made on the first call and kept for the next ones. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
