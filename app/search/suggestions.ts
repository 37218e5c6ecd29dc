import type { Suggestion } from "@core/search/results";
import { useEffect, useState } from "react";

/** docs/product.md section 9: 300 ms pause, 2 characters, 3 failures and suggestions stop. */
export const SUGGEST_DEBOUNCE_MS = 300;
export const SUGGEST_MIN_CHARS = 2;
export const SUGGEST_MAX_FAILURES = 3;

// Consecutive failures for the rest of the visit (this page load and its client navigations).
let failures = 0;

export function suggestionsDisabled(): boolean {
  return failures >= SUGGEST_MAX_FAILURES;
}

/** Only for tests of the failure rule. */
export function resetSuggestionFailures() {
  failures = 0;
}

async function fetchSuggestions(query: string, limit: number, signal: AbortSignal): Promise<Suggestion[]> {
  const res = await fetch(`/api/suggest?${new URLSearchParams({ q: query, limit: String(limit) })}`, {
    signal,
    headers: { Accept: "application/json" },
  });
  if (!res.ok) throw new Error(`Suggestions answered ${res.status}`);
  const body = (await res.json()) as { suggestions?: Suggestion[] };
  return Array.isArray(body.suggestions) ? body.suggestions : [];
}

/**
 * Suggestions for what the visitor is typing: after a trimmed query of two characters and a
 * 300 ms pause; older answers are dropped; three failures in a row switch them off.
 */
export function useSuggestions(query: string, limit: number): Suggestion[] {
  const [items, setItems] = useState<Suggestion[]>([]);
  const trimmed = query.trim();
  useEffect(() => {
    if (trimmed.length < SUGGEST_MIN_CHARS || suggestionsDisabled()) {
      setItems([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchSuggestions(trimmed, limit, controller.signal).then(
        (list) => {
          failures = 0;
          setItems(list.slice(0, limit));
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          failures += 1;
          console.warn("Search suggestions failed:", error);
          setItems([]);
        },
      );
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed, limit]);
  return items;
}
