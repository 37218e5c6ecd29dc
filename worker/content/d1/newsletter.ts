import type { NewsletterAdmin, SubscribeResult, Subscriber, SubscriberInput } from "@core/content/newsletter";
import { TEXTS } from "@core/texts";

/** 128 random bits as 32 hex digits: an unsubscribe link nobody can guess. */
export function newUnsubscribeToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Adds the address, one row per address whatever its letter case. A repeat sign-up is not an
 * error: it keeps the row (and its unsubscribe token) and answers like a first one (so the form
 * never tells anyone whether an address is already on the list). Anyone can sign any address up,
 * so a repeat never changes the names or city already there; it only fills in those still empty
 * (docs/security.md).
 */
export async function subscribe(db: D1Database, input: SubscriberInput): Promise<SubscribeResult> {
  await db
    .prepare(
      `INSERT INTO newsletter_subscribers (email, first_name, last_name, city, source, created_at, unsubscribe_token)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
       ON CONFLICT (email) DO UPDATE SET
         first_name = COALESCE(first_name, excluded.first_name),
         last_name = COALESCE(last_name, excluded.last_name),
         city = COALESCE(city, excluded.city)`,
    )
    .bind(
      input.email.trim().toLowerCase(),
      input.firstName,
      input.lastName,
      input.city,
      input.source,
      new Date().toISOString(),
      newUnsubscribeToken(),
    )
    .run();
  return { message: TEXTS.subscribed };
}

const COLUMNS = `id, email, first_name AS firstName, last_name AS lastName, city, source,
  created_at AS subscribedAt, unsubscribe_token AS unsubscribeToken`;

/** Export and unsubscribe over the newsletter_subscribers table (migrations/0005_newsletter_unsubscribe.sql). */
export function newsletterAdmin(db: D1Database): NewsletterAdmin {
  return {
    async listSubscribers(afterId, limit) {
      const { results } = await db
        .prepare(`SELECT ${COLUMNS} FROM newsletter_subscribers WHERE id > ? ORDER BY id LIMIT ?`)
        .bind(afterId, limit)
        .all<Subscriber>();
      return results;
    },
    findByToken: (token) =>
      db
        .prepare(`SELECT ${COLUMNS} FROM newsletter_subscribers WHERE unsubscribe_token = ?`)
        .bind(token)
        .first<Subscriber>(),
    async unsubscribe(token) {
      const result = await db
        .prepare("DELETE FROM newsletter_subscribers WHERE unsubscribe_token = ?")
        .bind(token)
        .run();
      return result.meta.changes > 0;
    },
  };
}
