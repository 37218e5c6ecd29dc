import type { NewsletterOptIn, PendingSubscriber } from "@core/content/newsletter";
import type { Submission } from "@core/content/submission";
import type { WorkerEnv } from "@worker/env";
import { reportServerError } from "@worker/monitoring/report";
import { opsStoreOf } from "@worker/ops/service";
import type { Site } from "./layout";
import { type Mailer, mailerFor, type OutgoingMail } from "./port";
import { claimRecipient, releaseRecipient } from "./recipient-limit";
import { confirmToken } from "./signing";
import { confirmationMail, receiptMail } from "./templates";

/** What the forms' intake sends (worker/forms/intake.ts): none of it when mail is off. */
export interface FormMail {
  /** Sign-ups wait for their confirmation (mail on, either store); else they are confirmed at once. */
  doubleOptIn: boolean;
  /** Sends the confirmation mail; with an execution context it resolves at once, the mail follows. */
  confirmation(pending: PendingSubscriber): Promise<void>;
  /** Sends a submission's receipt, in the background like `confirmation`. */
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
 * complained gets no confirmation mail (the answer stays the same). Every mail counts against its
 * recipient's budget (worker/mail/recipient-limit.ts): over it, nothing is sent, the sign-up
 * stays pending as if the mail had failed, and the desk lists no receipt.
 *
 * With the request's execution context the mail goes out after the answer (`waitUntil`), so a
 * sign-up is answered as fast for an address that gets a mail as for one that does not
 * (docs/decisions/123-mail-to-strangers.md); without one (a bare call in a test) it is awaited.
 */
export function formMail(
  env: WorkerEnv,
  optIn?: NewsletterOptIn,
  ctx?: Pick<ExecutionContext, "waitUntil">,
): FormMail {
  const mailer: Mailer | null = mailerFor(env);
  const ops = opsStoreOf(env);
  const site = siteOf(env);
  const afterAnswer = async (job: Promise<void>) => {
    if (ctx) ctx.waitUntil(job);
    else await job;
  };
  /** Sends `mail` within its recipient's budget: whether it went, and the service's id. */
  const sendCapped = async (active: Mailer, mail: OutgoingMail) => {
    const now = Date.now();
    if (!(await claimRecipient(env, mail.to, now))) return null;
    try {
      return await active.send(mail);
    } catch (error) {
      await releaseRecipient(env, mail.to, now).catch(() => undefined);
      throw error;
    }
  };
  return {
    doubleOptIn: mailer !== null && optIn !== undefined,
    confirmation(pending) {
      if (!mailer || !optIn) return Promise.resolve();
      return afterAnswer(
        (async () => {
          try {
            if (await ops.suppressions.blocked(pending.email)) return;
            const token = await confirmToken(ops.linkKeys, pending.id, pending.email);
            const sent = await sendCapped(mailer, confirmationMail(site, pending.email, token));
            if (!sent) await optIn.notSent(pending.id);
          } catch (error) {
            reportServerError(error, "mail:confirmation");
            await optIn.notSent(pending.id).catch(() => undefined);
          }
        })(),
      );
    },
    receipt(submission) {
      if (!mailer) return Promise.resolve();
      return afterAnswer(
        (async () => {
          try {
            const mail = receiptMail(site, submission);
            const sent = await sendCapped(mailer, mail);
            if (sent) await ops.submissionMails.log(submission.id, "receipt", mail, sent.messageId);
          } catch (error) {
            reportServerError(error, "mail:receipt");
          }
        })(),
      );
    },
  };
}
