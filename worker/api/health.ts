import type { Context } from "hono";
import { configFor } from "../config";
import { describeSources } from "../content/service";
import { APP_VERSION, type WorkerEnv } from "../env";

/**
 * `GET /api/health`: the release, the sources this deployment uses and the configuration check
 * (README "Configuration"); "degraded" while the check names a problem.
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
    },
    200,
    { "Cache-Control": "no-store" },
  );
}
