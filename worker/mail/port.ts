import type { WorkerEnv } from "@worker/env";
import { emailServiceMailer } from "./email-service";
import { httpMailer } from "./http-provider";
import type { Mailer, Sender } from "./mailer";

export type { MailAdapter, Mailer, OutgoingMail, Sender, SentMail } from "./mailer";

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
    signUps: mailer ? "double opt-in" : "single opt-in",
    // In CMS mode too: the subscribers come from Strapi, the send log stays in D1 (decision 097).
    announcements: mailer && env.MAIL_QUEUE ? "on" : "off",
  } as const;
}
