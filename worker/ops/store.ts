import type { AnnouncementLog } from "./announcement-log";

/** A desk session as the server keeps it: its id and when it expires (seconds since 1970). */
export interface StoredSession {
  sid: string;
  exp: number;
}

/** How a desk session was signed in (docs/decisions/155-editors-sign-in-as-themselves.md). */
export type SignInVia = "token" | "mail" | "access";

/** Who a session is: an editor's address, or null for a sign-in with ADMIN_TOKEN. */
export interface SessionOwner {
  editor: string | null;
  via: SignInVia;
}

/** An open session as the desk lists it. */
export interface OpenSession extends StoredSession, SessionOwner {
  /** When it was signed in (seconds since 1970; 0 for one from before editors had names). */
  startedAt: number;
}

/**
 * The review desk's sessions (docs/decisions/065-token-attempts-and-sessions.md): a signed
 * cookie is honoured only while its id is stored, so signing out ends it everywhere.
 */
export interface SessionStore {
  /** Records a new sign-in; sessions past their expiry are swept now and then. */
  record(session: StoredSession, owner?: SessionOwner): Promise<void>;
  /** Whose the session is while it is open (stored and not expired), else null. */
  ownerOf(session: StoredSession): Promise<SessionOwner | null>;
  end(session: StoredSession): Promise<void>;
  /** Every open session, the newest first. */
  list(): Promise<OpenSession[]>;
}

/** The one-time sign-in links mailed to editors, by the SHA-256 of their token. */
export interface EditorLinkStore {
  /** Keeps a new link for `editor` until `expiresAt` (seconds); expired ones are swept now and then. */
  create(tokenHash: string, editor: string, expiresAt: number): Promise<void>;
  /** Uses the link once: its editor if it was unused and unexpired at `now` (seconds), else null. */
  use(tokenHash: string, now: number): Promise<string | null>;
}

/** One change made on the desk, as the item's history shows it. */
export interface AuditEntry {
  /** What was changed: `submission:<id>`, `announcement:<id>`, `session:<id>`. */
  subject: string;
  /** status, notes, review-mail, announcement-sent, session-ended. */
  action: string;
  detail: string;
  /** The editor's address, or ADMIN_TOKEN. */
  actor: string;
  /** ISO 8601, UTC. */
  at: string;
}

/** Who changed what on the desk, and when (migrations/0019_editors.sql). */
export interface AuditLog {
  record(entry: AuditEntry): Promise<void>;
  /** An item's history, oldest first. */
  of(subject: string): Promise<AuditEntry[]>;
  /** The histories of several items at once (a page of an export), each oldest first. */
  ofEach(subjects: string[]): Promise<Map<string, AuditEntry[]>>;
}

/** The fixed-window counters of worker/forms/rate-limit.ts, by key. */
export interface RateLimitStore {
  /**
   * Counts one in the key's window starting at `windowStart`, in one atomic step, and gives the
   * window's count; windows older than a day before `now` are swept now and then.
   */
  hit(key: string, windowStart: number, now: number): Promise<number>;
  /** Gives back one counted in that window, if any. */
  refund(key: string, windowStart: number): Promise<void>;
}

/** The key that signs the mails' links (worker/mail/signing.ts), made by the first Worker to need it. */
export interface LinkKeys {
  /** Stores `fresh` as the key unless one is stored already, and gives the stored one. */
  secret(fresh: string): Promise<string>;
}

/** Why an address gets no more mail; bounced and complained outrank unsubscribed. */
export type SuppressionReason = "unsubscribed" | "bounced" | "complained";

/** The addresses kept from any further mail (migrations/0009_mail.sql), by address, case-folded. */
export interface SuppressionList {
  /** Keeps the address from any further mail; a stronger reason (bounced, complained) is kept. */
  suppress(email: string, reason: SuppressionReason): Promise<void>;
  /** Whether the address bounced or complained: it gets no confirmation mail (docs/decisions/089). */
  blocked(email: string): Promise<boolean>;
  /** Lifts an unsubscribe of the address (a new consent); a bounce or a complaint stays. */
  liftUnsubscribe(email: string): Promise<void>;
  /** The newest `limit` addresses kept from mail, with why and since when (the desk's Subscribers page). */
  latest(limit: number): Promise<{ email: string; reason: SuppressionReason; since: string }[]>;
}

/** One mail sent to an artist about a submission, as the desk lists it. */
export interface SubmissionMail {
  kind: string;
  recipient: string;
  subject: string;
  sentAt: string;
}

/** The mails sent about each submission (a receipt, a review answer). */
export interface SubmissionMailLog {
  log(
    submissionId: string,
    kind: string,
    mail: { to: string; subject: string },
    messageId: string,
  ): Promise<void>;
  /** The submission's mails, oldest first. */
  list(submissionId: string): Promise<SubmissionMail[]>;
}

/** The review answers' texts as the operator edited them (worker/mail/review-templates.ts). */
export interface TemplateStore {
  /** The stored text, or null while the operator never saved one. */
  read(name: string): Promise<{ subject: string; body: string } | null>;
  save(name: string, template: { subject: string; body: string }): Promise<void>;
}

/**
 * The webhook's deliveries accepted lately (migrations/0013_webhook_deliveries.sql;
 * docs/decisions/124-links-and-deliveries-checked-first.md), kept until their signature could
 * no longer pass, so a replay is told from a first delivery.
 */
export interface DeliveryLog {
  /** Records `id` until `expiresAt` (ms since 1970): false when it was already there. */
  claim(id: string, expiresAt: number): Promise<boolean>;
  /** Forgets a claimed delivery that was not acted on, so its retry acts. */
  release(id: string): Promise<void>;
  /** Removes the deliveries expired at `now`; how many. */
  sweep(now: number): Promise<number>;
}

/**
 * The operational store: the state the Worker keeps for itself rather than the label's content
 * (docs/architecture.md "The operational store", docs/decisions/131-one-door-to-the-operational-store.md).
 * It is D1 in both content modes, whichever store serves the content: mail state (the
 * suppression list, the send log, the link-signing key) lives in D1 with Strapi too, so an
 * unsubscribe, a bounce or a claimed send never waits for the CMS. Its methods throw on failure
 * and never degrade: each caller decides what a failure means for its answer.
 */
export interface OpsStore {
  readonly sessions: SessionStore;
  readonly editorLinks: EditorLinkStore;
  readonly audit: AuditLog;
  readonly rateLimits: RateLimitStore;
  readonly linkKeys: LinkKeys;
  readonly suppressions: SuppressionList;
  readonly submissionMails: SubmissionMailLog;
  readonly templates: TemplateStore;
  readonly deliveries: DeliveryLog;
  readonly announcements: AnnouncementLog;
  /** The cheapest call that proves the store answers (the readiness check, docs/decisions/066). */
  ping(): Promise<void>;
}
