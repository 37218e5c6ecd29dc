import type { AppEnv } from "@worker/app-env";
import { escapeHtml } from "@worker/fallback-page";
import { readConfirmLink } from "@worker/mail/signing";
import { type Context, Hono } from "hono";
import { newsletterPage, statusMessage, whileStoreAnswers } from "./page";
import { CONFIRM_TEXTS as T } from "./texts";

/**
 * /newsletter/confirm?token=… (docs/decisions/081-double-opt-in.md): the link of the
 * confirmation mail. GET asks, its button posts back, so a mail scanner that opens links confirms
 * nobody; POST confirms and records when. Both are idempotent: a confirmed subscriber sees the
 * same "You are subscribed". An expired link, or one whose pending sign-up was removed, says to
 * sign up again. The subscriber is in whichever store keeps them (D1 or Strapi), reached through
 * the content service; the signing key and the suppression list are the operational store's
 * (worker/ops/store.ts), D1 in both modes.
 */
export const confirmPages = new Hono<AppEnv>();

const page = (c: Context<AppEnv>, status: 200 | 400 | 404 | 410, body: string) =>
  newsletterPage(c, status, T.title, body, T.back);

/**
 * The subscriber the link is for, or the page that says why it does not work. The signature is
 * checked before the id is looked up (docs/decisions/124-links-and-deliveries-checked-first.md):
 * a link the site did not make answers 404 whether or not its id exists. A link the site made
 * whose sign-up was removed (or whose id now belongs to another address) has expired: 410.
 */
async function check(c: Context<AppEnv>) {
  const token = c.req.query("token")?.trim() ?? "";
  if (!token) return { answer: page(c, 400, statusMessage(T.missing)) };
  const link = await readConfirmLink(c.var.ops.linkKeys, token);
  if (!link) return { answer: page(c, 404, statusMessage(T.invalid)) };
  const subscriber = await c.var.content.newsletter.optIn.find(link.id);
  const isFor = subscriber !== null && (await link.isFor(subscriber.email));
  // A link mailed before the address tag is checked with the row's address: without a row, or
  // with a signature that does not match it, it is as invalid as a forged one.
  if (!link.signed && !isFor) return { answer: page(c, 404, statusMessage(T.invalid)) };
  if (!subscriber || !isFor) return { answer: page(c, 410, statusMessage(T.expired)) };
  if (subscriber.status === "confirmed") return { answer: page(c, 200, statusMessage(T.done)) };
  if (link.expires * 1000 < Date.now()) return { answer: page(c, 410, statusMessage(T.expired)) };
  return { subscriber, token };
}

confirmPages.get(
  "/newsletter/confirm",
  whileStoreAnswers(T.title, T.back, async (c) => {
    const found = await check(c);
    if (found.answer) return found.answer;
    const action = `/newsletter/confirm?token=${encodeURIComponent(found.token)}`;
    return page(
      c,
      200,
      `<p>${escapeHtml(T.ask(found.subscriber.email))}</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(T.button)}</button></form>`,
    );
  }),
);

confirmPages.post(
  "/newsletter/confirm",
  whileStoreAnswers(T.title, T.back, async (c) => {
    const found = await check(c);
    if (found.answer) return found.answer;
    await c.var.content.newsletter.optIn.confirm(found.subscriber.id, found.subscriber.email);
    // A new, explicit consent lifts an earlier unsubscribe of the address (not a bounce or complaint).
    await c.var.ops.suppressions.liftUnsubscribe(found.subscriber.email);
    return page(c, 200, statusMessage(T.done));
  }),
);
