import { AsyncLocalStorage } from "node:async_hooks";
import { captureError } from "@worker/monitoring/report";

/**
 * How a result that came from a failure is told apart (docs/decisions/013).
 *
 * docs/product.md section 8 makes sources degrade instead of throwing: a failed list becomes an
 * empty page, a failed detail becomes null, a failed count becomes 0. Those results look like
 * real ones, so the failure path (worker/content/degrade.ts, docs/decisions/023-one-failure-path.md)
 * calls `reportSourceFailure(error)` before returning the fallback. The KV content cache runs every
 * load inside `trackSourceFailures`, sees the report and neither stores the result nor replaces
 * a stale entry with it. Outside a tracked load the call is a no-op for that cache (it is still
 * reported to error reporting). Throwing also works: the cache never stores a throw and keeps
 * serving what it had.
 */
export function reportSourceFailure(error: unknown): void {
  scope.getStore()?.push(error);
  const request = requestScope.getStore();
  if (request) request.failed = true;
  // Degraded answers reach the visitor as if nothing failed: error reporting is where it shows.
  captureError(error, "content-source", "warning");
}

/**
 * The embedded store throws instead of degrading (docs/decisions/023-one-failure-path.md): its
 * throw is reported where it is caught, so this only marks the request, whose page error then
 * answers 503 (a store that is down) rather than 500 (a fault in the page itself).
 */
export function markSourceFailed(): void {
  const request = requestScope.getStore();
  if (request) request.failed = true;
}

/** Runs `load` and returns its value with every failure the source reported along the way. */
export async function trackSourceFailures<T>(
  load: () => Promise<T>,
): Promise<{ value: T; failures: unknown[] }> {
  const failures: unknown[] = [];
  const value = await scope.run(failures, load);
  return { value, failures };
}

// One scope per load: concurrent loads (a page's loaders run in parallel) never see each
// other's reports, which a per-request flag could not promise.
const scope = new AsyncLocalStorage<unknown[]>();

/**
 * Whether anything a request's answer was built from came from a failure (docs/decisions/021).
 * The Worker runs each request in `trackRequest`; a page whose content degraded is then never
 * stored by browsers or shared caches, and a detail page whose item is missing because the
 * source failed answers 503 with the page error instead of a 404.
 */
export interface RequestSourceState {
  failed: boolean;
}

export function trackRequest<T>(state: RequestSourceState, handle: () => Promise<T>): Promise<T> {
  return requestScope.run(state, handle);
}

/** True once a source degraded during the current request (false outside a tracked request). */
export function requestSourceFailed(): boolean {
  return requestScope.getStore()?.failed === true;
}

/**
 * Runs work that outlives the answer (the KV content cache's background refresh) apart from the
 * request: its failures must not mark an answer that was served from the cache.
 */
export function apartFromRequest<T>(work: () => Promise<T>): Promise<T> {
  return requestScope.run({ failed: false }, work);
}

const requestScope = new AsyncLocalStorage<RequestSourceState>();

/**
 * Every degraded answer passes here, so this is the one place that tells other layers a result
 * came from a failure (docs/decisions/013: neither the KV content cache nor the page cache may
 * keep it). Logs the text of docs/product.md section 8, then the causes, unless `silent`
 * (aggregated posts are skipped silently).
 */
export function reportDegraded(text: string, error: unknown, { silent = false } = {}): void {
  reportSourceFailure(error);
  if (silent) return;
  const reasons: string[] = [];
  for (let e = error; e instanceof Error; e = e.cause) {
    if (e.message !== text) reasons.push(e.message);
  }
  console.error(`[cms] ${text}${reasons.length ? `: ${reasons.join(": ")}` : ""}`);
}

/**
 * A part of one answer that may fail alone (one post count of a taxonomy list, the aggregated
 * half of the /blog listing, docs/product.md section 8): the answer keeps the rest and this part
 * is `fallback`, reported like any degraded answer. The one exception to "adapters throw"
 * (worker/content/source.ts): only the adapter knows where its answer splits into parts.
 */
export async function partOrElse<T>(
  text: string,
  work: () => Promise<T>,
  fallback: T,
  options?: { silent?: boolean },
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    reportDegraded(text, error, options);
    return fallback;
  }
}
