import { Hono } from "hono";
import { parseSearchParams, parseSuggestParams, searchCacheKey } from "../content/search-params";
import { knownTaxa, runSearch } from "../content/search-run";
import type { ContentService } from "../content/types";
import type { WorkerEnv } from "../env";

type Env = { Bindings: WorkerEnv; Variables: { content: ContentService } };

/** Search responses are shared by every visitor asking the same thing: briefly cached (SPEC 9). */
const KV_TTL_SECONDS = 60;
const CACHE_HEADERS = { "Cache-Control": "public, max-age=60, stale-while-revalidate=300" };

async function fromCache(kv: KVNamespace | undefined, key: string): Promise<unknown | null> {
  if (!kv) return null;
  try {
    return await kv.get(key, "json");
  } catch (error) {
    console.warn("KV read failed, searching without the cache:", error);
    return null;
  }
}

function toCache(
  c: { env: WorkerEnv; executionCtx: { waitUntil(p: Promise<unknown>): void } },
  key: string,
  body: unknown,
) {
  const kv = c.env.CACHE;
  if (!kv) return;
  const write = kv
    .put(key, JSON.stringify(body), { expirationTtl: KV_TTL_SECONDS })
    .catch((error: unknown) => console.warn("KV write failed:", error));
  try {
    c.executionCtx.waitUntil(write);
  } catch {
    // No execution context (direct calls in tests): the write simply runs on its own.
  }
}

export const searchApi = new Hono<Env>();

searchApi.get("/search", async (c) => {
  const content = c.var.content;
  const parsed = parseSearchParams(new URL(c.req.url).searchParams, await knownTaxa(content), "strict");
  if (!parsed.ok) return c.json({ error: parsed.error }, 400);
  const key = `search:v1:${content.search.kind}:${searchCacheKey(parsed.value)}`;
  const cached = await fromCache(c.env.CACHE, key);
  if (cached) return c.json(cached, 200, { ...CACHE_HEADERS, "X-Cache": "hit" });
  const results = await runSearch(content, parsed.value);
  if (results.degraded) {
    return c.json({ error: "Search is unavailable right now", ...results }, 503, {
      "Cache-Control": "no-store",
      "Retry-After": "30",
    });
  }
  toCache(c, key, results);
  return c.json(results, 200, { ...CACHE_HEADERS, "X-Cache": "miss" });
});

searchApi.get("/suggest", async (c) => {
  const content = c.var.content;
  const parsed = parseSuggestParams(new URL(c.req.url).searchParams);
  if (!parsed.ok) return c.json({ error: parsed.error }, 400);
  const { query, limit } = parsed.value;
  // SPEC.md section 5: suggestions need a trimmed query of at least 2 characters.
  if (query.length < 2) return c.json({ query, suggestions: [] }, 200, CACHE_HEADERS);
  const key = `suggest:v1:${content.search.kind}:${limit}:${query.toLowerCase()}`;
  const cached = await fromCache(c.env.CACHE, key);
  if (cached) return c.json(cached, 200, { ...CACHE_HEADERS, "X-Cache": "hit" });
  try {
    const body = { query, suggestions: await content.search.suggest(query, limit) };
    toCache(c, key, body);
    return c.json(body, 200, { ...CACHE_HEADERS, "X-Cache": "miss" });
  } catch (error) {
    console.error("Suggestions failed:", error);
    return c.json({ error: "Suggestions are unavailable right now", suggestions: [] }, 503, {
      "Cache-Control": "no-store",
    });
  }
});
