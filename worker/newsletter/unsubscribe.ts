import type { AppEnv } from "@worker/app-env";
import { escapeHtml } from "@worker/fallback-page";
import { type Context, Hono } from "hono";
import { newsletterPage, statusMessage, whileStoreAnswers } from "./page";
import { UNSUBSCRIBE_TEXTS as T } from "./texts";

/**
 * /newsletter/unsubscribe?token=… (docs/decisions/032-embedded-store-operations.md). GET shows
 * a confirmation whose button posts back (no JavaScript needed; mail scanners that open links
 * unsubscribe nobody). POST removes the subscriber, whatever the body: the page's form and a mail
 * client's one-click `List-Unsubscribe=One-Click` (RFC 8058) alike. Plain HTML written by the
 * Worker, never cached.
 */
export const unsubscribePages = new Hono<AppEnv>();

const TOKEN = /^[0-9a-f]{32}$/;

function page(c: Context<AppEnv>, status: 200 | 400 | 404 | 501, body: string) {
  return newsletterPage(c, status, T.title, body, T.back);
}

const message = statusMessage;

/** The store's unsubscribe tools and the token, or the page that says why there are none. */
function lookup(c: Context<AppEnv>) {
  const admin = c.var.content.newsletter.admin;
  if (!admin) return { answer: page(c, 501, message(T.unavailable)) };
  const token = c.req.query("token")?.trim() ?? "";
  if (!token) return { answer: page(c, 400, message(T.missing)) };
  if (!TOKEN.test(token)) return { answer: page(c, 404, message(T.invalid)) };
  return { admin, token };
}

type Admin = NonNullable<AppEnv["Variables"]["content"]["newsletter"]["admin"]>;

/**
 * The same page for GET and POST: the token checked (lookup) inside the store's fallback, then
 * `answer` with the store's tools and a well-formed token.
 */
function withToken(answer: (c: Context<AppEnv>, admin: Admin, token: string) => Promise<Response>) {
  return whileStoreAnswers(T.title, T.back, async (c) => {
    const found = lookup(c);
    return found.answer ?? answer(c, found.admin, found.token);
  });
}

unsubscribePages.get(
  "/newsletter/unsubscribe",
  withToken(async (c, admin, token) => {
    const subscriber = await admin.findByToken(token);
    if (!subscriber) return page(c, 404, message(T.invalid));
    const action = `/newsletter/unsubscribe?token=${token}`;
    return page(
      c,
      200,
      `<p>${escapeHtml(T.confirm(subscriber.email))}</p>
<form method="post" action="${action}"><input type="hidden" name="confirm" value="yes"><button type="submit">${escapeHtml(T.button)}</button></form>`,
    );
  }),
);

unsubscribePages.post(
  "/newsletter/unsubscribe",
  withToken(async (c, admin, token) => {
    const removed = await admin.unsubscribe(token);
    if (!removed) return page(c, 404, message(T.invalid));
    // Kept from any further mail, whichever store held the subscriber.
    await c.var.ops.suppressions.suppress(removed, "unsubscribed");
    return page(c, 200, message(T.done));
  }),
);
