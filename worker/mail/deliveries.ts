import { SVIX_TOLERANCE_SECONDS } from "./svix";

/**
 * The webhook's deliveries accepted lately (migrations/0013_webhook_deliveries.sql;
 * docs/decisions/124-links-and-deliveries-checked-first.md). Svix's signature holds for five
 * minutes either side of its timestamp: within that time a captured delivery would pass again,
 * so each accepted `svix-id` is kept until its timestamp no longer would, and a second one is
 * answered without acting. The provider retries a delivery with the same id, which is what it
 * should get too once the first was acted on.
 */

/** Records `id`, signed at `timestamp` (seconds): false when it was already there (a replay). */
export async function claimDelivery(db: D1Database, id: string, timestamp: number): Promise<boolean> {
  const result = await db
    .prepare("INSERT OR IGNORE INTO mail_webhook_deliveries (id, expires_at) VALUES (?, ?)")
    .bind(id, (timestamp + SVIX_TOLERANCE_SECONDS) * 1000)
    .run();
  return result.meta.changes > 0;
}

/** Forgets a claimed delivery that was not acted on (a write failed), so its retry acts. */
export async function releaseDelivery(db: D1Database, id: string): Promise<void> {
  await db.prepare("DELETE FROM mail_webhook_deliveries WHERE id = ?").bind(id).run();
}

/** Removes the deliveries whose signature can no longer pass at `now` (the Cron Trigger's sweep). */
export async function sweepDeliveries(db: D1Database, now: number): Promise<number> {
  const result = await db.prepare("DELETE FROM mail_webhook_deliveries WHERE expires_at < ?").bind(now).run();
  return result.meta.changes;
}
