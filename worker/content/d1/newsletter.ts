import type {
  NewsletterAdmin,
  NewsletterOptIn,
  Picks,
  SubscribeResult,
  Subscriber,
  SubscriberInput,
  SubscriberState,
} from "@core/content/newsletter";
import { TEXTS } from "@core/texts";

/** 128 random bits as 32 hex digits: an unsubscribe link nobody can guess. */
export function newUnsubscribeToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A repeat sign-up of a pending address sends its confirmation again, at most this often. */
export const CONFIRMATION_RESEND_MS = 10 * 60 * 1000;

interface Row {
  id: number;
  email: string;
  status: "pending" | "confirmed";
  confirmation_sent_at: string | null;
  /** 1 when this sign-up inserted the row, 0 for a repeat. */
  created: number;
}

/**
 * Adds the address, one row per address whatever its letter case. A repeat sign-up is not an
 * error: it keeps the row (and its unsubscribe token) and answers like a first one (so the form
 * never tells anyone whether an address is already on the list). Anyone can sign any address up,
 * so a repeat never changes the names or city already there; it only fills in those still empty
 * (docs/security.md). Picks are taken only by the sign-up that creates the row: they decide
 * which announcements reach the address, so a stranger's repeat must not set them, not even
 * while there are none (docs/decisions/125-token-limit-picks-and-salt.md).
 *
 * With `pending` (double opt-in, docs/decisions/081-double-opt-in.md) a new address is stored
 * pending and the answer asks for its confirmation mail; a pending one asks again once the last
 * mail is older than the resend interval; a confirmed one never gets a second mail (and one that
 * bounced or complained gets none: worker/mail/form-mail.ts). Without it the address is confirmed
 * at once, as before there was mail.
 */
export async function subscribe(db: D1Database, input: SubscriberInput): Promise<SubscribeResult> {
  const now = new Date().toISOString();
  const token = newUnsubscribeToken();
  // The row was made by this statement exactly when it holds the token this call drew.
  const row = await db
    .prepare(
      `INSERT INTO newsletter_subscribers (email, first_name, last_name, city, source, created_at, unsubscribe_token, status, confirmed_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
       ON CONFLICT (email) DO UPDATE SET
         first_name = COALESCE(first_name, excluded.first_name),
         last_name = COALESCE(last_name, excluded.last_name),
         city = COALESCE(city, excluded.city)
       RETURNING id, email, status, confirmation_sent_at, unsubscribe_token = ?7 AS created`,
    )
    .bind(
      input.email.trim().toLowerCase(),
      input.firstName,
      input.lastName,
      input.city,
      input.source,
      now,
      token,
      input.pending ? "pending" : "confirmed",
      input.pending ? null : now,
    )
    .first<Row>();
  if (row?.created && input.picks) await addPicks(db, row.id, input.picks);
  if (!input.pending || !row) return { message: TEXTS.subscribed };
  const answer = { message: TEXTS.subscribeCheckInbox };
  if (row.status !== "pending") return answer;
  const last = row.confirmation_sent_at ? Date.parse(row.confirmation_sent_at) : 0;
  if (Date.now() - last < CONFIRMATION_RESEND_MS) return answer;
  await db
    .prepare("UPDATE newsletter_subscribers SET confirmation_sent_at = ? WHERE id = ?")
    .bind(now, row.id)
    .run();
  return { ...answer, confirmation: { id: row.id, email: row.email } };
}

/** The second step's picks (docs/decisions/090-newsletter-picks.md), for a row just created. */
async function addPicks(db: D1Database, id: number, picks: Picks): Promise<void> {
  const rows = [
    ...picks.artists.map((slug) => ["artist", slug]),
    ...picks.genres.map((slug) => ["genre", slug]),
  ];
  if (!rows.length) return;
  await db
    .prepare(
      `INSERT OR IGNORE INTO newsletter_picks (subscriber_id, kind, slug)
       SELECT ?1, json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?2)`,
    )
    .bind(id, JSON.stringify(rows))
    .run();
}

const pickList = (kind: "artist" | "genre") =>
  `(SELECT group_concat(slug, ' ') FROM newsletter_picks p WHERE p.subscriber_id = newsletter_subscribers.id AND p.kind = '${kind}')`;

const COLUMNS = `id, email, first_name AS firstName, last_name AS lastName, city, source,
  created_at AS subscribedAt, confirmed_at AS confirmedAt, unsubscribe_token AS unsubscribeToken,
  ${pickList("artist")} AS artists, ${pickList("genre")} AS genres`;

type SubscriberRow = Omit<Subscriber, "picks"> & { artists: string | null; genres: string | null };

const slugsOf = (list: string | null) => (list ? list.split(" ").sort() : []);

function toSubscriber({ artists, genres, ...row }: SubscriberRow): Subscriber {
  return { ...row, picks: { artists: slugsOf(artists), genres: slugsOf(genres) } };
}

/** Up to `limit` subscribers in `status` with ids above `afterId`, by id. */
async function withStatus(db: D1Database, status: "confirmed" | "pending", afterId: number, limit: number) {
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM newsletter_subscribers WHERE id > ? AND status = ? ORDER BY id LIMIT ?`)
    .bind(afterId, status, limit)
    .all<SubscriberRow>();
  return results.map(toSubscriber);
}

/**
 * Export and unsubscribe over the newsletter_subscribers table
 * (migrations/0005_newsletter_unsubscribe.sql, 0009_mail.sql): only confirmed subscribers are
 * listed and counted.
 */
export function newsletterAdmin(db: D1Database): NewsletterAdmin {
  return {
    listSubscribers: (afterId, limit) => withStatus(db, "confirmed", afterId, limit),
    listPending: (afterId, limit) => withStatus(db, "pending", afterId, limit),
    async findByToken(token) {
      const row = await db
        .prepare(`SELECT ${COLUMNS} FROM newsletter_subscribers WHERE unsubscribe_token = ?`)
        .bind(token)
        .first<SubscriberRow>();
      return row ? toSubscriber(row) : null;
    },
    async unsubscribe(token) {
      const removed = await db
        .prepare("DELETE FROM newsletter_subscribers WHERE unsubscribe_token = ? RETURNING email")
        .bind(token)
        .first<{ email: string }>();
      return removed?.email ?? null;
    },
    async countConfirmed() {
      const row = await db
        .prepare("SELECT COUNT(*) AS n FROM newsletter_subscribers WHERE status = 'confirmed'")
        .first<{ n: number }>();
      return row?.n ?? 0;
    },
  };
}

/** Double opt-in over the newsletter_subscribers table (migrations/0009_mail.sql). */
export function d1OptIn(db: D1Database): NewsletterOptIn {
  return {
    find: (id) =>
      db
        .prepare("SELECT id, email, status FROM newsletter_subscribers WHERE id = ?")
        .bind(id)
        .first<SubscriberState>(),
    async confirm(id, email) {
      await db
        .prepare(
          "UPDATE newsletter_subscribers SET status = 'confirmed', confirmed_at = COALESCE(confirmed_at, ?) WHERE id = ? AND email = ?",
        )
        .bind(new Date().toISOString(), id, email)
        .run();
    },
    removeExpired: (cutoff) => removeExpiredPending(db, cutoff),
    async notSent(id) {
      await db
        .prepare("UPDATE newsletter_subscribers SET confirmation_sent_at = NULL WHERE id = ?")
        .bind(id)
        .run();
    },
  };
}

/** Removes pending sign-ups older than `cutoff` (ISO 8601): their links have expired. */
async function removeExpiredPending(db: D1Database, cutoff: string): Promise<number> {
  const result = await db
    .prepare(
      "DELETE FROM newsletter_subscribers WHERE status = 'pending' AND COALESCE(confirmation_sent_at, created_at) < ?",
    )
    .bind(cutoff)
    .run();
  return result.meta.changes;
}
