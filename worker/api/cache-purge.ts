import type { Context } from "hono";
import { requireBearer } from "../auth";
import { groupsForWebhook, type WebhookPayload } from "../cache/content";
import { contentCacheFor } from "../content/service";
import type { WorkerEnv } from "../env";

const NO_STORE = { "Cache-Control": "no-store" };
/** Strapi sends the whole entry; anything this large is not a webhook of ours. */
const MAX_BODY_BYTES = 1 << 20;

/** Only the CMS, holding PURGE_TOKEN, may purge. */
export const purgeOnly = requireBearer({
  token: (env) => env.PURGE_TOKEN,
  error: "Unauthorized",
  challenge: "Bearer",
});

/**
 * `POST /api/cache/purge`: the CMS webhook (docs/operations.md). Needs
 * `Authorization: Bearer <PURGE_TOKEN>`; without a PURGE_TOKEN configured the endpoint does not
 * exist (404). A Strapi webhook body purges the groups its model feeds; an empty body (or one
 * naming nothing we know) purges everything by bumping the cache version.
 */
export async function cachePurge(c: Context<{ Bindings: WorkerEnv }>) {
  const text = await c.req.text();
  if (text.length > MAX_BODY_BYTES) return c.json({ error: "Body too large" }, 413, NO_STORE);
  let payload: WebhookPayload | null = null;
  if (text.trim()) {
    try {
      payload = JSON.parse(text);
    } catch {
      return c.json({ error: "Body must be empty or a JSON webhook payload" }, 400, NO_STORE);
    }
  }
  const groups = groupsForWebhook(payload);
  if (!c.env.CACHE) return c.json({ purged: [], note: "no CACHE binding: nothing is cached" }, 200, NO_STORE);
  try {
    if (groups === "all" || groups.length) await contentCacheFor(c.env).purge(groups);
  } catch (error) {
    console.error("cache purge failed", error);
    return c.json({ error: "Purge failed; try again" }, 503, NO_STORE);
  }
  return c.json({ purged: groups }, 200, NO_STORE);
}
