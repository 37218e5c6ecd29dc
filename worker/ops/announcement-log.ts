import type { Card } from "@worker/mail/layout";

/**
 * Who an announcement goes to (docs/decisions/090-newsletter-picks.md): every confirmed,
 * unsuppressed subscriber, or only those among them who picked an artist or a genre of its items.
 * The follows are worked out from the items when the announcement is composed and kept with it.
 */
export type Audience = "everyone" | "followers";

export interface Follows {
  artists: string[];
  genres: string[];
}

export const NO_FOLLOWS: Follows = { artists: [], genres: [] };

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

export type AnnouncementStatus = "draft" | "sending" | "sent";

/** An announcement as stored: its draft, its audience and where its send is. */
export interface StoredAnnouncement extends AnnouncementDraft, AnnouncementTarget {
  id: number;
  status: AnnouncementStatus;
  /** The scheduled release it waits for (its slug), going out when that goes live; else null. */
  withRelease: string | null;
}

export interface AnnouncementSummary {
  id: number;
  subject: string;
  status: AnnouncementStatus;
  createdAt: string;
  sent: number;
  pending: number;
  skipped: number;
  failed: number;
  /** Sent again after an attempt that was cut off mid-send: the mail may have arrived twice. */
  uncertain: number;
}

/** One row of the send log: (announcement, subscriber). */
export type SendKey = readonly [announcementId: number, subscriberId: number];

/** A subscriber as the send log takes it from a store other than D1. */
export interface RecipientRow {
  id: number;
  email: string;
}

/**
 * The announcements and their send log, announcement_sends (migrations/0009_mail.sql,
 * 0012_announcement_claims.sql; docs/decisions/082-announcements.md, 098-the-mail-in-flight.md):
 * one row per (announcement, subscriber), the source of truth of what was sent. Its methods
 * throw on failure; worker/mail/announcements.ts decides what a failure means.
 */
export interface AnnouncementLog {
  create(draft: AnnouncementDraft, target: AnnouncementTarget): Promise<number>;
  get(id: number): Promise<StoredAnnouncement | null>;
  /** The newest announcements with their progress; `only`: that one announcement's. */
  list(limit: number, only: number | null): Promise<AnnouncementSummary[]>;
  /** Whether the log holds any row of the announcement. */
  hasSends(id: number): Promise<boolean>;
  /** Makes a draft wait for a release (its slug), or no longer (null). */
  goWith(id: number, release: string | null): Promise<void>;
  /** The drafts waiting for any of these releases; each is let go (it waits no more). */
  takeWaiting(releases: string[]): Promise<number[]>;
  /** A draft becomes "sending" (an announcement already past it stays as it is). */
  markSending(id: number): Promise<void>;
  /** Announcements still sending. */
  sending(): Promise<number[]>;
  /** How many of the announcement's rows are pending. */
  pendingCount(id: number): Promise<number>;
  markSent(id: number, at: string): Promise<void>;
  /**
   * Up to `limit` subscriber ids of the announcement's pending rows above `after`, by id, that
   * were enqueued before `before` (or never).
   */
  pendingPage(id: number, after: number, before: string, limit: number): Promise<number[]>;
  /** Marks enqueued at `at` the rows `pendingPage` read: those pending in (after, last]. */
  markEnqueued(id: number, after: number, last: number, before: string, at: string): Promise<void>;
  /** The row's status and address, and whether the address is on the suppression list. */
  send(key: SendKey): Promise<{ status: string; email: string; suppressed: boolean } | null>;
  /** Records the row's outcome ("sent" with the service's id, or "skipped"). */
  mark(key: SendKey, status: "sent" | "skipped", messageId: string | null): Promise<void>;
  /**
   * Claims a pending row nobody claimed, or whose claim is older than `staleBefore`; taking over
   * an old claim makes the row uncertain. False: another attempt holds it.
   */
  claim(key: SendKey, at: string, staleBefore: string): Promise<boolean>;
  /** Lifts a claim: the mail service refused the mail, nothing went out. */
  unclaim(key: SendKey): Promise<void>;
  /** Counts a failed attempt with its reason; `final` marks the row failed. */
  recordAttempt(key: SendKey, reason: string, final: boolean): Promise<void>;
  /** A row that ran out of retries (the dead-letter queue) is failed, if still pending. */
  markDead(key: SendKey): Promise<void>;
  /** Up to 50 addresses of the rows failed, or sent but uncertain, with their last error. */
  listed(id: number, which: "failed" | "uncertain"): Promise<{ email: string; lastError: string | null }[]>;
  /** Adds pending rows for the subscribers given that are not suppressed (those there stay). */
  addSends(id: number, rows: RecipientRow[], now: string): Promise<void>;
  /** How many of `rows` are not on the suppression list. */
  countUnsuppressed(rows: RecipientRow[]): Promise<number>;
  /**
   * The subscribers of D1's own table, in the embedded content mode only: the send log, the
   * suppression list and the subscribers are then one database, joined in one statement.
   */
  readonly embedded: {
    /** Writes the log's rows of announcement `id` for its audience (a second call adds only those missing). */
    fill(id: number, now: string): Promise<void>;
    /** How many subscribers the audience holds now. */
    size(audience: Audience, follows: Follows): Promise<number>;
    /** The unsubscribe token of subscriber `id` while still confirmed at `email`, else null. */
    tokenOf(id: number, email: string): Promise<string | null>;
  };
}
