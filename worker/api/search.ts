import type { ContentService } from "@core/content/service";
import { parseSearchParams, parseSuggestParams, taxaFor } from "@core/search/params";
import { type ArtistHit, SUGGESTED_ARTISTS, type Suggestion } from "@core/search/results";
import { Hono } from "hono";
import type { WorkerEnv } from "../env";
import { captureError } from "../monitoring/report";

type Env = { Bindings: WorkerEnv; Variables: { content: ContentService } };

// Responses may be kept by browsers and the CDN for a minute; the edge cache (KV) sits below.
const CACHE_HEADERS = { "Cache-Control": "public, max-age=60, stale-while-revalidate=300" };

export const searchApi = new Hono<Env>();

const artistSuggestion = (a: ArtistHit): Suggestion => ({
  kind: "artist",
  title: a.name,
  artist: null,
  href: `/artists/${a.slug}`,
});

searchApi.get("/search", async (c) => {
  const content = c.var.content;
  const params = new URL(c.req.url).searchParams;
  const parsed = parseSearchParams(params, await taxaFor(params, content.knownTaxa), "strict");
  if (!parsed.ok) return c.json({ error: parsed.error }, 400);
  const results = await content.runSearch(parsed.value);
  if (results.degraded) {
    return c.json({ error: "Search is unavailable right now", ...results }, 503, {
      "Cache-Control": "no-store",
      "Retry-After": "30",
    });
  }
  return c.json(results, 200, CACHE_HEADERS);
});

searchApi.get("/suggest", async (c) => {
  const content = c.var.content;
  const parsed = parseSuggestParams(new URL(c.req.url).searchParams);
  if (!parsed.ok) return c.json({ error: parsed.error }, 400);
  const { query, limit } = parsed.value;
  // docs/product.md section 5: suggestions need a trimmed query of at least 2 characters.
  if (query.length < 2) return c.json({ query, suggestions: [] }, 200, CACHE_HEADERS);
  try {
    // Up to three artists above the posts and mixtapes (docs/product.md section 2).
    const [artists, suggestions] = await Promise.all([
      content.search.searchArtists(query, SUGGESTED_ARTISTS).catch((error: unknown) => {
        console.error("Artist suggestions failed:", error);
        return [];
      }),
      content.search.suggest(query, limit),
    ]);
    const body = { query, suggestions: [...artists.map(artistSuggestion), ...suggestions] };
    return c.json(body, 200, CACHE_HEADERS);
  } catch (error) {
    console.error("Suggestions failed:", error);
    captureError(error, "suggest");
    return c.json({ error: "Suggestions are unavailable right now", suggestions: [] }, 503, {
      "Cache-Control": "no-store",
    });
  }
});
