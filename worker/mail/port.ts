import type { WorkerEnv } from "@worker/env";
import { emailServiceMailer } from "./email-service";
import { httpMailer } from "./http-provider";

/**
 * The mail port (docs/decisions/080-mail-port.md): everything the Worker sends goes through one
 * `Mailer`, whichever adapter the configuration picks. A mail always has both bodies: HTML for
 * mail clients that show it, plain text for the rest and for filters that score HTML-only mail.
 */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /**
   * The same key for the same logical mail (an announcement to one subscriber): an adapter whose
   * service de-duplicates on it passes it on, so a retry after an unclear answer sends once.
   */
  idempotencyKey?: string;
}

export interface SentMail {
  /** The service's id of the message, kept in the send logs. */
  messageId: string;
}

export type MailAdapter = "email-service" | "http";

export interface Mailer {
  readonly adapter: MailAdapter;
  send(mail: OutgoingMail): Promise<SentMail>;
}

/** The sender every mail goes out from: MAIL_FROM, named after the site. */
export interface Sender {
  email: string;
  name: string;
}

/**
 * The configured mailer, or null when mail is off (MAIL_FROM unset): then sign-ups are confirmed
 * at once, as before there was mail, and /api/health says so. MAIL_FROM on: the Email Service
 * binding EMAIL when bound, else the HTTP provider with MAIL_API_KEY (worker/config.ts names a
 * MAIL_FROM without either as an error).
 */
export function mailerFor(env: WorkerEnv): Mailer | null {
  const from = env.MAIL_FROM?.trim();
  if (!from) return null;
  const sender: Sender = { email: from, name: env.SITE_NAME || "Crossfade" };
  if (env.EMAIL) return emailServiceMailer(env.EMAIL, sender);
  if (env.MAIL_API_KEY) return httpMailer({ apiKey: env.MAIL_API_KEY, url: env.MAIL_API_URL }, sender);
  return null;
}

/** What /api/health says about mail: which adapter sends, and whether sign-ups are confirmed by mail. */
export function describeMail(env: WorkerEnv) {
  const mailer = mailerFor(env);
  return {
    sending: mailer?.adapter ?? "off",
    signUps: mailer && !env.CMS_URL ? "double opt-in" : "single opt-in",
    announcements: mailer && env.MAIL_QUEUE && !env.CMS_URL ? "on" : "off",
  } as const;
}
