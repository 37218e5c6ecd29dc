import { releaseDrops } from "@worker/mail/drops";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env";
import { NO_STORE } from "../cache/cache-control";
import { configFor } from "../config";
import { meteredD1, newMeter, serverTiming } from "../content/d1/meter";
import { contentCacheFor, createContentService } from "../content/service";
import { type RequestSourceState, trackRequest } from "../failure/source-failure";
import { opsStoreOf } from "../ops/service";

/**
 * What every request is answered with: the configuration checked (on the first request, logged
 * once), the request's content service (docs/conventions.md "Boundaries") with the execution
 * context for background work, the operational store beside it (worker/ops/store.ts), and a
 * record of whether a source degraded. The service builds each adapter when it is first used;
 * the form intake is made where a form is read (worker/forms/intake.ts `intakeOf`).
 */
export const requestScope: MiddlewareHandler<AppEnv> = async (c, next) => {
  configFor(c.env);
  const ctx = executionContext(c);
  // A scheduled release that goes live in this request's catch-up takes its drops along.
  const contentCache = contentCacheFor(c.env, ctx, releaseDrops(c.env));
  // Every statement this request runs on the embedded store, summed (docs/decisions/070).
  const meter = newMeter();
  const db = c.env.DB ? meteredD1(c.env.DB, meter) : c.env.DB;
  c.set("content", createContentService({ ...c.env, DB: db }, ctx, contentCache));
  c.set("contentCache", contentCache);
  // Unmetered: Server-Timing sums the content's statements (docs/decisions/070), as it always did.
  c.set("ops", opsStoreOf(c.env));
  // An answer built from a degraded source (an empty list or a missing item standing in for a
  // CMS failure) is never stored by browsers or shared caches (docs/decisions/021).
  const sources: RequestSourceState = { failed: false };
  c.set("sources", sources);
  await trackRequest(sources, () => next());
  if (sources.failed) markDegraded(c);
  const timing = serverTiming(meter);
  if (timing) withHeaders(c, (headers) => headers.append("Server-Timing", timing));
};

/** Cache-Control: no-store on the answer, whoever built it; a 503 says when to retry. */
function markDegraded(c: { res: Response }) {
  withHeaders(c, (headers) => {
    headers.set("Cache-Control", NO_STORE);
    if (c.res.status === 503 && !headers.has("Retry-After")) headers.set("Retry-After", "30");
  });
}

/** Changes the headers of the answer, copying it first when they are immutable. */
function withHeaders(c: { res: Response }, mark: (headers: Headers) => void) {
  try {
    mark(c.res.headers);
  } catch {
    // Immutable headers (a fetched response): copy it. Hono's setter would copy the old headers
    // back over the new ones, so the old answer is dropped first.
    const copy = new Response(c.res.body, c.res);
    mark(copy.headers);
    c.res = undefined as unknown as Response;
    c.res = copy;
  }
}

/** Hono throws when a request has no execution context (a test calling app.fetch bare). */
export function executionContext(c: { executionCtx: Pick<ExecutionContext, "waitUntil"> }) {
  try {
    return c.executionCtx;
  } catch {
    return undefined;
  }
}
