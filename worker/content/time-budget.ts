/**
 * One deadline for a request's calls to a remote source (docs/decisions/026-answers-checked-at-the-edge.md):
 * the clock starts at the first call, and every later call, in parallel or after it, gets only
 * what is left. A hanging source therefore costs a page one budget, never one per call made one
 * after the other (a failed list and then its fallback, the taxa and then the search).
 */
export interface TimeBudget {
  /** Milliseconds left; the first ask starts the clock. */
  left(): number;
}

/** The default budget of one request's CMS calls (CMS_TIMEOUT_MS). */
export const DEFAULT_BUDGET_MS = 5000;

export function timeBudget(ms: number = DEFAULT_BUDGET_MS, now: () => number = Date.now): TimeBudget {
  let deadline: number | undefined;
  return {
    left() {
      deadline ??= now() + ms;
      return deadline - now();
    },
  };
}

/** A budget from a configured value: a positive number of milliseconds, else the default. */
export function budgetMs(value: string | undefined): number {
  const ms = Number(value);
  return Number.isFinite(ms) && ms > 0 ? ms : DEFAULT_BUDGET_MS;
}
