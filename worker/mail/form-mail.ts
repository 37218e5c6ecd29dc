import type { NewsletterOptIn, PendingSubscriber } from "@core/content/newsletter";
import type { Submission } from "@core/content/submission";
import { blockedFromMail } from "@worker/content/d1/newsletter";
import type { WorkerEnv } from "@worker/env";
import { reportServerError } from "@worker/monitoring/report";
import type { Site } from "./layout";
import { type Mailer, mailerFor } from "./port";
import { confirmToken } from "./signing";
import { logSubmissionMail } from "./submission-mails";
import { confirmationMail, receiptMail } from "./templates";

/** What the forms' intake sends (worker/forms/intake.ts): none of it when mail is off. */
export interface FormMail {
  /** Sign-ups wait for their confirmation (mail on, either store); else they are confirmed at once. */
  doubleOptIn: boolean;
  confirmation(pending: PendingSubscriber): Promise<void>;
  receipt(submission: Submission): Promise<void>;
}

export function siteOf(env: WorkerEnv): Site {
  return {
    name: env.SITE_NAME || "Crossfade",
    url: (env.SITE_URL || "http://localhost:8787").replace(/\/+$/, ""),
  };
}

/**
 * The forms' mail for this request. A failed send never fails the form: the sign-up stays pending
 * (a repeat sends again), the submission is stored; the failure is reported without the link.
 * `optIn` is the store that keeps the subscribers (D1 or Strapi); an address that bounced or
 * complained gets no confirmation mail (the answer stays the same).
 */
export function formMail(env: WorkerEnv, optIn?: NewsletterOptIn): FormMail {
  const mailer: Mailer | null = mailerFor(env);
  const site = siteOf(env);
  return {
    doubleOptIn: mailer !== null && optIn !== undefined,
    async confirmation(pending) {
      if (!mailer || !optIn) return;
      try {
        if (await blockedFromMail(env.DB, pending.email)) return;
        const token = await confirmToken(env.DB, pending.id, pending.email);
        await mailer.send(confirmationMail(site, pending.email, token));
      } catch (error) {
        reportServerError(error, "mail:confirmation");
        await optIn.notSent(pending.id).catch(() => undefined);
      }
    },
    async receipt(submission) {
      if (!mailer) return;
      try {
        const mail = receiptMail(site, submission);
        const sent = await mailer.send(mail);
        await logSubmissionMail(env.DB, submission.id, "receipt", mail, sent.messageId);
      } catch (error) {
        reportServerError(error, "mail:receipt");
      }
    },
  };
}
