import { contentCacheFor, newsletterStoreOf } from "@worker/content/service";
import type { WorkerEnv } from "@worker/env";
import { opsStoreOf } from "@worker/ops/service";
import { catchUp } from "@worker/publishing";
import { consumeDeadLetters, consumeMailBatch, sweepAnnouncements } from "./announcements";
import { sendDrops } from "./drops";
import { CONFIRM_LINK_DAYS } from "./signing";

/** The dead-letter queue's name ends so (wrangler.toml `dead_letter_queue`). */
const DEAD_LETTERS = /-dlq$/;

/**
 * The Cron Trigger (wrangler.toml `[triggers]`): pending sign-ups whose link has expired are
 * removed from the store that keeps the subscribers (D1, or Strapi through its API), and the
 * announcements' send log is swept (worker/mail/announcements.ts), and so are the webhook's
 * deliveries whose signature can no longer pass (worker/mail/deliveries.ts): those two are the
 * operational store's (worker/ops/store.ts), D1 in both modes. First of all, the embedded store's
 * scheduled items that are due go live and the cache is purged (worker/publishing/watch.ts), in
 * case no request came since their time (docs/decisions/153-scheduled-publishing.md).
 */
export async function runScheduled(env: WorkerEnv, scheduledTime: number): Promise<void> {
  if (env.DB && !env.CMS_URL)
    await catchUp(env.DB, contentCacheFor(env, undefined, false), Date.now(), (releases) =>
      sendDrops(env, releases),
    );
  // First, in D1: a CMS that does not answer must not keep the table growing.
  await opsStoreOf(env).deliveries.sweep(scheduledTime);
  const cutoff = new Date(scheduledTime - CONFIRM_LINK_DAYS * 24 * 60 * 60 * 1000).toISOString();
  await newsletterStoreOf(env).optIn.removeExpired(cutoff);
  await sweepAnnouncements(env, scheduledTime);
}

/** The queue consumer: the mail queue, or its dead-letter queue. */
export function runQueue(batch: MessageBatch<unknown>, env: WorkerEnv): Promise<void> {
  return DEAD_LETTERS.test(batch.queue) ? consumeDeadLetters(batch, env) : consumeMailBatch(batch, env);
}
