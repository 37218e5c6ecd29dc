import { type Mailer, type OutgoingMail, refuseLineBreaks, type Sender } from "./mailer";

/**
 * The production adapter: Cloudflare's Email Service through the `send_email` binding
 * (wrangler.toml `[[send_email]]`). Locally, wrangler writes each mail's bodies to files and logs
 * where (README "Quick start"). The binding throws when the service refuses the message; that
 * error goes to the caller, which retries or reports; so does the refusal of a header value with a
 * line break (`refuseLineBreaks`).
 */
export function emailServiceMailer(binding: SendEmail, sender: Sender): Mailer {
  return {
    adapter: "email-service",
    async send(mail: OutgoingMail) {
      refuseLineBreaks(mail);
      const result = await binding.send({
        from: sender,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
      return { messageId: result.messageId };
    },
  };
}
