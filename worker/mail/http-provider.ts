import { type Mailer, type OutgoingMail, refuseLineBreaks, type Sender } from "./mailer";

/** Resend's send endpoint (docs/decisions/080-mail-port.md): one JSON POST per mail. */
export const RESEND_URL = "https://api.resend.com/emails";

/** The provider refused or failed: `retryable` says whether trying again later can help. */
export class MailSendError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "MailSendError";
  }
}

/**
 * The alternative adapter for operators outside Cloudflare's Email Service: Resend's HTTP API,
 * which needs nothing but `fetch` (no SMTP, no Node SDK) and de-duplicates on Idempotency-Key for
 * 24 hours. The key is sent as a bearer token and never logged; an error names the status only.
 * A header value with a line break is refused before any request (`refuseLineBreaks`).
 */
export function httpMailer(options: { apiKey: string; url?: string }, sender: Sender): Mailer {
  const url = options.url || RESEND_URL;
  return {
    adapter: "http",
    async send(mail: OutgoingMail) {
      refuseLineBreaks(mail);
      const headers: Record<string, string> = {
        Authorization: `Bearer ${options.apiKey}`,
        "Content-Type": "application/json",
      };
      if (mail.idempotencyKey) headers["Idempotency-Key"] = mail.idempotencyKey;
      const response = await fetch(url, {
        method: "POST",
        headers,
        body: JSON.stringify({
          from: `${sender.name.replace(/["<>\r\n]/g, "")} <${sender.email}>`,
          to: [mail.to],
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          ...(mail.headers ? { headers: mail.headers } : {}),
        }),
      });
      if (!response.ok) {
        await response.body?.cancel();
        const retryable = response.status === 429 || response.status >= 500;
        throw new MailSendError(`the mail provider answered ${response.status}`, response.status, retryable);
      }
      const body = (await response.json().catch(() => ({}))) as { id?: unknown };
      return { messageId: typeof body.id === "string" ? body.id : "" };
    },
  };
}
