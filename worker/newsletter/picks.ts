import { artistOfPath, pickOptions } from "@core/content/pick-options";
import type { AppEnv } from "@worker/app-env";
import { Hono } from "hono";

/**
 * GET /api/newsletter/picks?path=/artists/{slug}: what the newsletter's second step offers to
 * pick (docs/decisions/090-newsletter-picks.md), read from the cached catalogue. The form asks
 * when it opens its second step, naming the page it is on, so an artist's page ticks its artist.
 */
export const picksApi = new Hono<AppEnv>();

picksApi.get("/newsletter/picks", async (c) => {
  try {
    return c.json(await pickOptions(c.var.content.catalogue, artistOfPath(c.req.query("path"))), 200);
  } catch (error) {
    // The second step works without picks: the form leaves them out.
    console.error("reading the newsletter's picks failed", error);
    return c.json({ error: "The artists and genres cannot be listed right now." }, 503, {
      "Retry-After": "30",
    });
  }
});
