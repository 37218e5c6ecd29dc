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

/** A mail refused before it left: a header value would break into a second header. */
export class MailHeaderError extends Error {
  constructor(readonly header: string) {
    super(`the mail's ${header} holds a line break (CR or LF): the mail is refused, nothing was sent`);
    this.name = "MailHeaderError";
  }
}

const LINE_BREAK = /[\r\n]/;

/**
 * Throws MailHeaderError when the recipient, the subject or any extra header holds CR or LF.
 * Every adapter calls it before it hands the mail on (docs/decisions/123-mail-to-strangers.md):
 * a line break in a header value starts a header of the sender's choosing (a Bcc: to a list),
 * and neither the binding nor the provider promises to refuse one.
 */
export function refuseLineBreaks(mail: OutgoingMail): void {
  if (LINE_BREAK.test(mail.to)) throw new MailHeaderError("recipient");
  if (LINE_BREAK.test(mail.subject)) throw new MailHeaderError("subject");
  for (const [name, value] of Object.entries(mail.headers ?? {}))
    if (LINE_BREAK.test(name) || LINE_BREAK.test(value)) throw new MailHeaderError(`${name.trim()} header`);
}
