import type { SubscribeResult, SubscriberInput } from "@core/content/types";
import { TEXTS } from "@core/texts";

/**
 * Adds the address, one row per address whatever its letter case. A repeat sign-up is not an
 * error: it keeps the row, fills in details given this time, and answers like a first one (so
 * the form never tells anyone whether an address is already on the list).
 */
export async function subscribe(db: D1Database, input: SubscriberInput): Promise<SubscribeResult> {
  await db
    .prepare(
      `INSERT INTO newsletter_subscribers (email, first_name, last_name, city, source, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6)
       ON CONFLICT (email) DO UPDATE SET
         first_name = COALESCE(excluded.first_name, first_name),
         last_name = COALESCE(excluded.last_name, last_name),
         city = COALESCE(excluded.city, city)`,
    )
    .bind(
      input.email.trim().toLowerCase(),
      input.firstName,
      input.lastName,
      input.city,
      input.source,
      new Date().toISOString(),
    )
    .run();
  return { message: TEXTS.subscribed };
}
