import { newsletterStoreOf } from "@worker/content/service";
import type { WorkerEnv } from "@worker/env";
import {
  type Audience,
  d1Recipients,
  type Follows,
  NO_FOLLOWS,
  type Recipients,
  storeRecipients,
} from "./audience";
import { siteOf } from "./form-mail";
import { MailSendError } from "./http-provider";
import type { Card } from "./layout";
import { markdownToMail } from "./markdown";
import { mailerFor, type OutgoingMail } from "./port";
import { isMailMessage, type MailMessage } from "./queue-message";
import { announcementMail } from "./templates";

/**
 * Announcements (docs/decisions/082-announcements.md). The send log, announcement_sends, holds
 * one row per (announcement, subscriber) and is the source of truth: the queue only carries the
 * keys of rows to try. A message for a row already sent or skipped does nothing, so a retried,
 * duplicated or re-enqueued message never sends twice; the scheduled sweep re-enqueues rows still
 * pending after a while, so a lost queue (the local one lives in the Worker's memory) or a lost
 * consumer only delays.
 */
export interface AnnouncementDraft {
  subject: string;
  body: string;
  items: Card[];
}

/** Who gets it (worker/mail/audience.ts): everyone, or the followers of `follows`. */
export interface AnnouncementTarget {
  audience: Audience;
  follows: Follows;
}

export interface AnnouncementSummary {
  id: number;
  subject: string;
  status: "draft" | "sending" | "sent";
  createdAt: string;
  sent: number;
  pending: number;
  skipped: number;
  failed: number;
  /** Sent again after an attempt that was cut off mid-send: the mail may have arrived twice. */
  uncertain: number;
}

/**
 * Where the announcement's subscribers live (docs/decisions/097-announcements-in-cms-mode.md):
 * D1's table, or in CMS mode Strapi's, read through its API. The send log is D1's either way.
 */
export function recipientsOf(env: WorkerEnv): Recipients {
  if (!env.CMS_URL) return d1Recipients(env.DB);
  return storeRecipients(env.DB, () => {
    const admin = newsletterStoreOf(env).admin;
    if (!admin) throw new Error("the store keeps no subscribers: announcements cannot be sent");
    return admin;
  });
}

/** Messages per sendBatch call (the Queues limit is 100). */
const ENQUEUE_BATCH = 100;
/** A failed send is tried again after 30 s, 1, 2, 4… minutes, at most an hour. */
export const retryDelaySeconds = (attempts: number) => Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);

export async function createAnnouncement(
  db: D1Database,
  draft: AnnouncementDraft,
  target: AnnouncementTarget = { audience: "everyone", follows: NO_FOLLOWS },
): Promise<number> {
  const row = await db
    .prepare(
      "INSERT INTO announcements (subject, body, items, audience, follows, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(
      draft.subject,
      draft.body,
      JSON.stringify(draft.items),
      target.audience,
      JSON.stringify(target.follows),
      new Date().toISOString(),
    )
    .first<{ id: number }>();
  if (!row) throw new Error("the announcement was not stored");
  return row.id;
}

export async function getAnnouncement(db: D1Database, id: number) {
  const row = await db
    .prepare("SELECT id, subject, body, items, status, audience, follows FROM announcements WHERE id = ?")
    .bind(id)
    .first<{
      id: number;
      subject: string;
      body: string;
      items: string;
      status: AnnouncementSummary["status"];
      audience: Audience;
      follows: string;
    }>();
  if (!row) return null;
  return { ...row, items: JSON.parse(row.items) as Card[], follows: JSON.parse(row.follows) as Follows };
}

/** The newest announcements with their progress; `only`: that one announcement's. */
export async function listAnnouncements(
  db: D1Database,
  limit = 20,
  only: number | null = null,
): Promise<AnnouncementSummary[]> {
  const { results } = await db
    .prepare(
      `SELECT a.id, a.subject, a.status, a.created_at AS createdAt,
         COUNT(CASE WHEN s.status = 'sent' THEN 1 END) AS sent,
         COUNT(CASE WHEN s.status = 'pending' THEN 1 END) AS pending,
         COUNT(CASE WHEN s.status = 'skipped' THEN 1 END) AS skipped,
         COUNT(CASE WHEN s.status = 'failed' THEN 1 END) AS failed,
         COUNT(CASE WHEN s.uncertain = 1 AND s.status = 'sent' THEN 1 END) AS uncertain
       FROM announcements a LEFT JOIN announcement_sends s ON s.announcement_id = a.id
       WHERE ?2 IS NULL OR a.id = ?2
       GROUP BY a.id ORDER BY a.id DESC LIMIT ?1`,
    )
    .bind(limit, only)
    .all<AnnouncementSummary>();
  return results;
}

/** The mail one subscriber gets for this announcement. */
export function renderAnnouncement(
  env: WorkerEnv,
  draft: AnnouncementDraft,
  recipient: { email: string; unsubscribeToken: string },
): OutgoingMail {
  return announcementMail(
    siteOf(env),
    { subject: draft.subject, rich: markdownToMail(draft.body), cards: draft.items },
    recipient,
  );
}

/**
 * Starts sending: a pending log row for every confirmed, unsuppressed subscriber in the
 * announcement's audience (everyone, or its followers; a second start adds only those missing),
 * then the keys of every pending row go on the queue. null: nobody is in its audience, so it
 * stays a draft and nothing is queued.
 */
export async function startAnnouncement(env: WorkerEnv, id: number): Promise<number | null> {
  const found = await getAnnouncement(env.DB, id);
  if (!found) return 0;
  const now = new Date().toISOString();
  await recipientsOf(env).fill(id, found.audience, found.follows, now);
  const logged = await env.DB.prepare("SELECT 1 FROM announcement_sends WHERE announcement_id = ? LIMIT 1")
    .bind(id)
    .first();
  if (!logged) return null;
  await env.DB.prepare("UPDATE announcements SET status = 'sending' WHERE id = ? AND status = 'draft'")
    .bind(id)
    .run();
  return enqueuePending(env, id, now);
}

/** Puts the keys of the announcement's pending rows enqueued before `before` (or never) on the queue. */
async function enqueuePending(env: WorkerEnv, id: number, before: string): Promise<number> {
  const queue = env.MAIL_QUEUE;
  if (!queue) throw new Error("MAIL_QUEUE is not bound: announcements cannot be sent");
  let count = 0;
  let after = 0;
  for (;;) {
    const { results } = await env.DB.prepare(
      `SELECT subscriber_id AS id FROM announcement_sends
       WHERE announcement_id = ? AND status = 'pending' AND subscriber_id > ? AND (enqueued_at IS NULL OR enqueued_at < ?)
       ORDER BY subscriber_id LIMIT ?`,
    )
      .bind(id, after, before, ENQUEUE_BATCH)
      .all<{ id: number }>();
    if (!results.length) return count;
    await queue.sendBatch(
      results.map((r) => ({
        body: { kind: "announcement", announcementId: id, subscriberId: r.id } as MailMessage,
      })),
    );
    const ids = results.map((r) => r.id);
    const last = ids[ids.length - 1] as number;
    // The rows just read are exactly the pending ones in (after, last]: marked by that range, as
    // D1 binds at most 100 parameters to a statement.
    await env.DB.prepare(
      `UPDATE announcement_sends SET enqueued_at = ?1
       WHERE announcement_id = ?2 AND status = 'pending' AND subscriber_id > ?3 AND subscriber_id <= ?4
         AND (enqueued_at IS NULL OR enqueued_at < ?5)`,
    )
      .bind(new Date().toISOString(), id, after, last, before)
      .run();
    count += ids.length;
    after = last;
  }
}

type Outcome = "sent" | "skipped" | "done";

/**
 * How long a claim on a send log row holds (docs/decisions/098-the-mail-in-flight.md): an attempt
 * that finds a younger claim leaves the row to the one sending it and comes back after this; an
 * older one was cut off between claiming and recording (a killed Worker) and is sent again.
 */
export const CLAIM_SECONDS = 60;

/** Another attempt holds the row's claim right now: this message comes back after the claim's time. */
class ClaimHeld extends Error {
  constructor() {
    super("another attempt is sending this mail");
  }
}

/**
 * The mail's own id, the same for every attempt at one (announcement, subscriber): the
 * `X-Crossfade-Mail-Id` header, so an operator (and a mail filter) can tell a second copy of an
 * uncertain send for what it is. The Email Service sets Message-ID itself and refuses one from the
 * sender, so this is the id a copy can carry. A digest, so the header does not number the list.
 */
export async function mailIdOf(announcementId: number, subscriberId: number): Promise<string> {
  const digest = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(`announcement-${announcementId}-${subscriberId}`),
  );
  const hex = [...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `a${announcementId}-${hex}`;
}

/**
 * Sends one logged mail, unless the row says it is done or the subscriber has left. The row is
 * claimed before the mail service is called and marked sent after; a failure the service reports
 * lifts the claim (nothing went out), a Worker killed in between leaves it for a later attempt.
 */
async function sendOne(
  env: WorkerEnv,
  message: MailMessage,
  cache: Map<number, AnnouncementDraft | null>,
): Promise<Outcome> {
  const db = env.DB;
  const key = [message.announcementId, message.subscriberId] as const;
  const row = await db
    .prepare(
      `SELECT s.status, s.email, (SELECT 1 FROM mail_suppressions m WHERE m.email = s.email) AS suppressed
       FROM announcement_sends s WHERE s.announcement_id = ? AND s.subscriber_id = ?`,
    )
    .bind(...key)
    .first<{ status: string; email: string; suppressed: number | null }>();
  if (row?.status !== "pending") return "done";
  const mark = (status: string, messageId: string | null) =>
    db
      .prepare(
        "UPDATE announcement_sends SET status = ?, message_id = ?, updated_at = ? WHERE announcement_id = ? AND subscriber_id = ?",
      )
      .bind(status, messageId, new Date().toISOString(), ...key)
      .run();
  const token = row.suppressed ? null : await recipientsOf(env).tokenOf(message.subscriberId, row.email);
  if (!token) {
    await mark("skipped", null);
    return "skipped";
  }
  if (!cache.has(message.announcementId))
    cache.set(message.announcementId, await getAnnouncement(db, message.announcementId));
  const draft = cache.get(message.announcementId);
  if (!draft) return "done";
  const mailer = mailerFor(env);
  if (!mailer) throw new Error("mail is off (MAIL_FROM is not set): the message waits for a retry");
  const now = Date.now();
  // The claim: only a row nobody claimed, or whose claim is older than CLAIM_SECONDS. Taking over
  // an old claim means an earlier attempt may have sent this mail: the row becomes uncertain.
  const claimed = await db
    .prepare(
      `UPDATE announcement_sends SET uncertain = (uncertain OR claimed_at IS NOT NULL), claimed_at = ?1
       WHERE announcement_id = ?2 AND subscriber_id = ?3 AND status = 'pending'
         AND (claimed_at IS NULL OR claimed_at < ?4) RETURNING uncertain`,
    )
    .bind(new Date(now).toISOString(), ...key, new Date(now - CLAIM_SECONDS * 1000).toISOString())
    .first<{ uncertain: number }>();
  if (!claimed) throw new ClaimHeld();
  const mail = renderAnnouncement(env, draft, { email: row.email, unsubscribeToken: token });
  let sent: { messageId: string };
  try {
    sent = await mailer.send({
      ...mail,
      headers: { ...mail.headers, "X-Crossfade-Mail-Id": await mailIdOf(...key) },
      idempotencyKey: `announcement-${message.announcementId}-${message.subscriberId}`,
    });
  } catch (error) {
    await db
      .prepare(
        "UPDATE announcement_sends SET claimed_at = NULL WHERE announcement_id = ? AND subscriber_id = ?",
      )
      .bind(...key)
      .run();
    throw error;
  }
  await mark("sent", sent.messageId || null);
  return "sent";
}

/** The mail queue's consumer: each message acked once its row is done, retried with backoff else. */
export async function consumeMailBatch(batch: MessageBatch<unknown>, env: WorkerEnv): Promise<void> {
  const cache = new Map<number, AnnouncementDraft | null>();
  for (const message of batch.messages) {
    if (!isMailMessage(message.body)) {
      message.ack();
      continue;
    }
    try {
      await sendOne(env, message.body, cache);
      message.ack();
    } catch (error) {
      if (error instanceof ClaimHeld) {
        message.retry({ delaySeconds: CLAIM_SECONDS + 5 });
        continue;
      }
      const reason = error instanceof Error ? error.message : String(error);
      // A provider that refused the message itself (a bad address): trying again cannot help.
      const final = error instanceof MailSendError && !error.retryable;
      await env.DB.prepare(
        `UPDATE announcement_sends SET attempts = attempts + 1, last_error = ?, updated_at = ?${final ? ", status = 'failed'" : ""}
         WHERE announcement_id = ? AND subscriber_id = ?`,
      )
        .bind(
          reason.slice(0, 500),
          new Date().toISOString(),
          message.body.announcementId,
          message.body.subscriberId,
        )
        .run()
        .catch(() => undefined);
      if (final) message.ack();
      else message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}

/** The dead-letter queue's consumer: what ran out of retries is marked failed, shown on the desk. */
export async function consumeDeadLetters(batch: MessageBatch<unknown>, env: WorkerEnv): Promise<void> {
  for (const message of batch.messages) {
    if (isMailMessage(message.body)) {
      await env.DB.prepare(
        "UPDATE announcement_sends SET status = 'failed', updated_at = ? WHERE announcement_id = ? AND subscriber_id = ? AND status = 'pending'",
      )
        .bind(new Date().toISOString(), message.body.announcementId, message.body.subscriberId)
        .run();
    }
    message.ack();
  }
}

/**
 * Puts every row still pending back on the queue now: the desk's button for when the queue lost
 * messages (a restarted local Worker: the local runtime neither keeps its queue nor fires the
 * Cron Trigger of a Worker with static assets). Messages already on the queue do no harm: the
 * log sends each row once.
 */
export function resumeAnnouncement(env: WorkerEnv, id: number): Promise<number> {
  return enqueuePending(env, id, new Date(Date.now() + 1000).toISOString());
}

/** Pending rows enqueued longer ago than this are put on the queue again by the sweep. */
export const REQUEUE_AFTER_MS = 10 * 60 * 1000;

/**
 * The scheduled sweep: re-enqueues what the log still has pending for a while, and marks an
 * announcement sent once nothing of it is pending.
 */
export async function sweepAnnouncements(env: WorkerEnv, now = Date.now()): Promise<number> {
  const { results } = await env.DB.prepare("SELECT id FROM announcements WHERE status = 'sending'").all<{
    id: number;
  }>();
  let requeued = 0;
  for (const { id } of results) {
    const pending = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM announcement_sends WHERE announcement_id = ? AND status = 'pending'",
    )
      .bind(id)
      .first<{ n: number }>();
    if (!pending?.n) {
      await env.DB.prepare("UPDATE announcements SET status = 'sent', sent_at = ? WHERE id = ?")
        .bind(new Date(now).toISOString(), id)
        .run();
      continue;
    }
    if (env.MAIL_QUEUE)
      requeued += await enqueuePending(env, id, new Date(now - REQUEUE_AFTER_MS).toISOString());
  }
  return requeued;
}
