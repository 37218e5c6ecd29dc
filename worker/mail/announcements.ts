import { newsletterStoreOf } from "@worker/content/service";
import type { WorkerEnv } from "@worker/env";
import type { AnnouncementDraft, SendKey } from "@worker/ops/announcement-log";
import { opsStoreOf } from "@worker/ops/service";
import { d1Recipients, type Recipients, storeRecipients } from "./audience";
import { siteOf } from "./form-mail";
import { MailSendError } from "./http-provider";
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
 * consumer only delays. The log and the announcements are the operational store's
 * (worker/ops/announcement-log.ts), D1 in both content modes.
 */

/**
 * Where the announcement's subscribers live (docs/decisions/097-announcements-in-cms-mode.md):
 * D1's table, or in CMS mode Strapi's, read through its API. The send log is D1's either way.
 */
export function recipientsOf(env: WorkerEnv): Recipients {
  const log = opsStoreOf(env).announcements;
  if (!env.CMS_URL) return d1Recipients(log);
  return storeRecipients(log, () => {
    const admin = newsletterStoreOf(env).admin;
    if (!admin) throw new Error("the store keeps no subscribers: announcements cannot be sent");
    return admin;
  });
}

/** Messages per sendBatch call (the Queues limit is 100). */
const ENQUEUE_BATCH = 100;
/** A failed send is tried again after 30 s, 1, 2, 4… minutes, at most an hour. */
export const retryDelaySeconds = (attempts: number) => Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);

/** The mail one subscriber gets for this announcement. */
export function renderAnnouncement(
  env: WorkerEnv,
  draft: AnnouncementDraft,
  recipient: { email: string; unsubscribeToken: string },
): OutgoingMail {
  return announcementMail(
    siteOf(env),
    { subject: draft.subject, rich: markdownToMail(draft.body, siteOf(env).url), cards: draft.items },
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
  const log = opsStoreOf(env).announcements;
  const found = await log.get(id);
  if (!found) return 0;
  const now = new Date().toISOString();
  await recipientsOf(env).fill(id, found.audience, found.follows, now);
  if (!(await log.hasSends(id))) return null;
  await log.markSending(id);
  return enqueuePending(env, id, now);
}

/** Puts the keys of the announcement's pending rows enqueued before `before` (or never) on the queue. */
async function enqueuePending(env: WorkerEnv, id: number, before: string): Promise<number> {
  const queue = env.MAIL_QUEUE;
  if (!queue) throw new Error("MAIL_QUEUE is not bound: announcements cannot be sent");
  const log = opsStoreOf(env).announcements;
  let count = 0;
  let after = 0;
  for (;;) {
    const ids = await log.pendingPage(id, after, before, ENQUEUE_BATCH);
    if (!ids.length) return count;
    await queue.sendBatch(
      ids.map((subscriberId) => ({
        body: { kind: "announcement", announcementId: id, subscriberId } as MailMessage,
      })),
    );
    const last = ids[ids.length - 1] as number;
    // The rows just read are exactly the pending ones in (after, last].
    await log.markEnqueued(id, after, last, before, new Date().toISOString());
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
  const log = opsStoreOf(env).announcements;
  const key: SendKey = [message.announcementId, message.subscriberId];
  const row = await log.send(key);
  if (row?.status !== "pending") return "done";
  const token = row.suppressed ? null : await recipientsOf(env).tokenOf(message.subscriberId, row.email);
  if (!token) {
    await log.mark(key, "skipped", null);
    return "skipped";
  }
  if (!cache.has(message.announcementId))
    cache.set(message.announcementId, await log.get(message.announcementId));
  const draft = cache.get(message.announcementId);
  if (!draft) return "done";
  const mailer = mailerFor(env);
  if (!mailer) throw new Error("mail is off (MAIL_FROM is not set): the message waits for a retry");
  const now = Date.now();
  // The claim: only a row nobody claimed, or whose claim is older than CLAIM_SECONDS. Taking over
  // an old claim means an earlier attempt may have sent this mail: the row becomes uncertain.
  const claimed = await log.claim(
    key,
    new Date(now).toISOString(),
    new Date(now - CLAIM_SECONDS * 1000).toISOString(),
  );
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
    await log.unclaim(key);
    throw error;
  }
  await log.mark(key, "sent", sent.messageId || null);
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
      await opsStoreOf(env)
        .announcements.recordAttempt(
          [message.body.announcementId, message.body.subscriberId],
          reason.slice(0, 500),
          final,
        )
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
      await opsStoreOf(env).announcements.markDead([message.body.announcementId, message.body.subscriberId]);
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
  const log = opsStoreOf(env).announcements;
  let requeued = 0;
  for (const id of await log.sending()) {
    if (!(await log.pendingCount(id))) {
      await log.markSent(id, new Date(now).toISOString());
      continue;
    }
    if (env.MAIL_QUEUE)
      requeued += await enqueuePending(env, id, new Date(now - REQUEUE_AFTER_MS).toISOString());
  }
  return requeued;
}
