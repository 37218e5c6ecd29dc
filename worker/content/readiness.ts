import type { WorkerEnv } from "../env";
import { opsStoreOf } from "../ops/service";
import { createStrapiSource } from "./strapi";
import { budgetMs, timeBudget } from "./time-budget";

/**
 * Readiness (docs/decisions/066-admin-list-and-readiness.md): whether each source this deployment
 * uses answers right now, checked with the cheapest call that proves it can serve (a one-row
 * query, the CMS's one-submission page with the API token, a key read) and kept for a few
 * seconds, so an uptime check polling every second costs each source one call per window.
 */

export interface SourceCheck {
  ok: boolean;
  /** Without it the site cannot serve pages or take the forms: a failure makes it not ready. */
  required: boolean;
  ms: number;
  /** Why it failed, as the call said it. */
  error?: string;
}

export interface Readiness {
  status: "ready" | "degraded" | "not ready";
  checks: Record<string, SourceCheck>;
  checkedAt: string;
}

/** How long one answer is reused, and how long each check may take. */
export const READINESS_CACHE_MS = 5000;
const CHECK_TIMEOUT_MS = 2000;

const answers = new Map<string, { at: number; readiness: Promise<Readiness> }>();

/** The readiness of `env`'s sources, at most READINESS_CACHE_MS old. */
export function readiness(env: WorkerEnv, now = Date.now()): Promise<Readiness> {
  const key = [env.CMS_URL, env.CMS_API_TOKEN, env.MEILISEARCH_HOST, env.APP_VERSION].join("\n");
  const kept = answers.get(key);
  if (kept && now - kept.at < READINESS_CACHE_MS) return kept.readiness;
  const readiness = checkSources(env);
  answers.set(key, { at: now, readiness });
  return readiness;
}

async function checkSources(env: WorkerEnv): Promise<Readiness> {
  const probes: Record<string, [required: boolean, run: () => Promise<unknown>]> = {
    // D1 is required in both modes: the operational store is D1's whichever store has the content.
    d1: [true, () => opsStoreOf(env).ping()],
    cache: [false, () => env.CACHE.get("crossfade:readiness")],
    uploads: [false, () => env.UPLOADS.head("crossfade:readiness")],
  };
  if (env.CMS_URL) {
    const timeoutMs = Math.min(CHECK_TIMEOUT_MS, budgetMs(env.CMS_TIMEOUT_MS));
    const cms = createStrapiSource(env.CMS_URL, undefined, {
      token: env.CMS_API_TOKEN,
      budget: timeBudget(timeoutMs),
    });
    // An authorised read: proves Strapi answers and still accepts CMS_API_TOKEN.
    probes.cms = [true, () => cms.submissions.listSubmissions({ page: 1, pageSize: 1 })];
  }
  const host = env.MEILISEARCH_HOST;
  if (host) {
    // Search falls back to the content source (docs/product.md section 4): degraded, not down.
    probes.search = [
      false,
      async () => {
        const res = await fetch(`${host.replace(/\/+$/, "")}/health`, {
          signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
        });
        await res.body?.cancel();
        if (!res.ok) throw new Error(`Meilisearch answered ${res.status}`);
      },
    ];
  }
  const entries = await Promise.all(
    Object.entries(probes).map(
      async ([name, [required, run]]) => [name, await probe(required, run)] as const,
    ),
  );
  const checks = Object.fromEntries(entries);
  const failed = entries.filter(([, check]) => !check.ok);
  const status = failed.some(([, check]) => check.required)
    ? "not ready"
    : failed.length
      ? "degraded"
      : "ready";
  return { status, checks, checkedAt: new Date().toISOString() };
}

async function probe(required: boolean, run: () => Promise<unknown>): Promise<SourceCheck> {
  const started = Date.now();
  try {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
    });
    await Promise.race([run(), timeout]).finally(() => clearTimeout(timer));
    return { ok: true, required, ms: Date.now() - started };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
    const message = `${error instanceof Error ? error.message : String(error)}${cause}`;
    return { ok: false, required, ms: Date.now() - started, error: message.slice(0, 200) };
  }
}
