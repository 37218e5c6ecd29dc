import type { SearchQuery } from "@core/search/query";
import type { SearchIndex } from "@core/search/search-index";
import { captureError } from "../monitoring/report";

/** The search backend availability flag of docs/product.md section 4, one per Worker isolate. */
export interface Availability {
  /** null until the first check. */
  available: boolean | null;
  /** When the flag last turned false (ms). */
  downSince: number;
}

export function newAvailability(): Availability {
  return { available: null, downSince: 0 };
}

/** While down, the search service is tried again at most this often. */
export const RETRY_AFTER_MS = 30_000;

/**
 * Puts a search service (Meilisearch) in front of the content source's own search. The flag is
 * checked at start (health plus a test search), any failure switches to the content source, and
 * a later successful search sets it available again (docs/product.md sections 4 and 8). A failure of
 * the fallback itself propagates: callers show an empty result (section 8).
 */
export function createFailoverSearch(
  primary: SearchIndex,
  fallback: SearchIndex,
  state: Availability,
  now: () => number = Date.now,
): SearchIndex {
  const markDown = (error: unknown) => {
    // Reported when the service goes down, not on every request while it stays down.
    if (state.available !== false) {
      console.warn("Search service unavailable, using the content source:", error);
      captureError(error, "search-service", "warning");
    }
    state.available = false;
    state.downSince = now();
  };

  async function usePrimary(): Promise<boolean> {
    if (state.available === null) {
      try {
        const healthy = await primary.health();
        if (healthy) state.available = true;
        else markDown(new Error("search service returned no posts in a test search"));
      } catch (error) {
        markDown(error);
      }
    }
    return state.available === true || now() - state.downSince >= RETRY_AFTER_MS;
  }

  function withFallback<A extends unknown[], R>(
    call: (index: SearchIndex, ...args: A) => Promise<R>,
  ): (...args: A) => Promise<R> {
    return async (...args) => {
      if (await usePrimary()) {
        try {
          const result = await call(primary, ...args);
          state.available = true;
          return result;
        } catch (error) {
          markDown(error);
        }
      }
      return call(fallback, ...args);
    };
  }

  return {
    kind: primary.kind,
    searchPosts: withFallback((index, query: SearchQuery) => index.searchPosts(query)),
    searchMixtapes: withFallback((index, query: SearchQuery) => index.searchMixtapes(query)),
    searchPostsAndMixtapes: withFallback((index, query: SearchQuery) => index.searchPostsAndMixtapes(query)),
    suggest: withFallback((index, text: string, limit: number) => index.suggest(text, limit)),
    // A store synced before it had artists has no artist index: its failure is answered by the
    // content source and does not mark the service down for posts and mixtapes (decision 078).
    async searchArtists(text: string, limit: number) {
      if (state.available !== false) {
        try {
          return await primary.searchArtists(text, limit);
        } catch (error) {
          console.warn("Artist search failed on the search service, using the content source:", error);
        }
      }
      return fallback.searchArtists(text, limit);
    },
    async health() {
      return (await usePrimary()) || fallback.health();
    },
  };
}
