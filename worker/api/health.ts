import type { Context } from "hono";
import { configFor } from "../config";
import { describeSources } from "../content/service";
import { APP_VERSION, type WorkerEnv } from "../env";
import { describeMail } from "../mail/port";

/**
 * `GET /api/health`: the release, the sources this deployment uses, the configuration check
 * (README "Configuration") and what mail does (off: sign-ups are confirmed at once); "degraded"
 * while the check names a problem.
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
