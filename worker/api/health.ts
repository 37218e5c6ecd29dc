import type { Context } from "hono";
import { configFor } from "../config";
import { readiness } from "../content/readiness";
import { describeSources } from "../content/service";
import { APP_VERSION, type WorkerEnv } from "../env";
import { describeMail } from "../mail/port";

/**
 * `GET /api/health`, liveness: the Worker runs. The release, the sources this deployment uses, the
 * configuration check (docs/configuration.md) and what mail does (off: sign-ups are confirmed at
 * once); "degraded" while the check names a problem. It calls no source: `/api/health/ready` does.
 */
export function health(c: Context<{ Bindings: WorkerEnv }>) {
  const sources = describeSources(c.env);
  const { ok, mode, problems } = configFor(c.env);
  return c.json(
    {
      status: problems.length ? "degraded" : "ok",
      version: c.env.APP_VERSION || APP_VERSION,
      sources,
      config: { ok, mode, problems },
      mail: describeMail(c.env),
    },
    200,
    { "Cache-Control": "no-store" },
  );
}

/**
 * `GET /api/health/ready`, readiness: each source answers (worker/content/readiness.ts), named
 * one by one; 503 while a source the site cannot do without is down, for a load balancer or an
 * uptime check to read.
 */
export async function healthReady(c: Context<{ Bindings: WorkerEnv }>) {
  const answer = await readiness(c.env);
  return c.json(
    { ...answer, version: c.env.APP_VERSION || APP_VERSION, sources: describeSources(c.env) },
    answer.status === "not ready" ? 503 : 200,
    { "Cache-Control": "no-store", ...(answer.status === "not ready" ? { "Retry-After": "30" } : {}) },
  );
}
