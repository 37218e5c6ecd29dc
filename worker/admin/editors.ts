import { base64url } from "@core/base64url";
import { readForm } from "@worker/forms/body";
import { clientAddress, hitRateLimit, RATE_RULES } from "@worker/forms/rate-limit";
import { mailerFor } from "@worker/mail/port";
import { editorSignInMail } from "@worker/mail/templates";
import { Hono } from "hono";
import { html } from "hono/html";
import { deskPage as page } from "./desk-page";
import { editorsOf } from "./editors-list";
import { type DeskContext, type DeskEnv, fromSameOrigin, startSession } from "./guard";
import { newSession, sealSession, sessionCookie } from "./session";
import { DESK_TEXTS as T } from "./texts";
import { type Notice, notice, signInBody } from "./views";

/**
 * Editors sign in as themselves (docs/decisions/155-editors-sign-in-as-themselves.md): an address
 * on EDITORS asks for a link, the link (mailed through the mail port, valid 15 minutes, once)
 * opens a page whose button signs them in. Every address gets the same answer, in the same time
 * (the link is made and mailed after the answer, in waitUntil), so no list of editors can be
 * learned; every request for a link is counted against the client's address.
 */
export const editorSignIn = new Hono<DeskEnv>();

/** How long a mailed link works. */
const LINK_SECONDS = 15 * 60;
const FORM_LIMIT = { max: 16 * 1024, message: "The form is too large." };
const ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/** Whether editors can ask for links here: some are listed and mail goes out. */
export const mailLinksOn = (c: DeskContext) => editorsOf(c.env).size > 0 && mailerFor(c.env) !== null;

/** The sign-in page with the mail form's own message. */
const signInPage = (c: DeskContext, status: 200 | 400 | 429, mailMessage?: Notice, message?: Notice) =>
  page(c, status, T.signIn, signInBody(message, mailLinksOn(c), mailMessage), false);

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const randomToken = () => base64url(crypto.getRandomValues(new Uint8Array(32)));

editorSignIn.post("/", async (c) => {
  if (!mailLinksOn(c)) return c.text("Not found", 404);
  if (!fromSameOrigin(c.req.raw)) return signInPage(c, 400, { kind: "error", text: T.forbidden });
  const form = await readForm(c.req.raw, FORM_LIMIT).catch(() => new FormData());
  const address = String(form.get("email") ?? "")
    .trim()
    .toLowerCase();
  if (!ADDRESS.test(address) || address.length > 254)
    return signInPage(c, 400, { kind: "error", text: T.mailBadAddress });
  // Counted for every address, listed or not, before anything else: the limit tells nothing.
  const counted = await hitRateLimit(c.env, RATE_RULES.editorLink, clientAddress(c.req.raw));
  if (!counted.allowed) {
    const res = await signInPage(c, 429, {
      kind: "error",
      text: T.tooManyLinks(Math.ceil(counted.retryAfter / 60)),
    });
    res.headers.set("Retry-After", String(counted.retryAfter));
    return res;
  }
  if (editorsOf(c.env).has(address)) c.executionCtx.waitUntil(mailLink(c, address));
  return signInPage(c, 200, { kind: "ok", text: T.mailSent(address) });
});

/** Makes a link for `editor` and mails it; a failure is logged (the editor asks again). */
async function mailLink(c: DeskContext, editor: string): Promise<void> {
  try {
    const mailer = mailerFor(c.env);
    if (!mailer) return;
    const token = randomToken();
    await c.var.ops.editorLinks.create(
      await sha256Hex(token),
      editor,
      Math.floor(Date.now() / 1000) + LINK_SECONDS,
    );
    const site = { name: c.env.SITE_NAME || "Crossfade", url: new URL(c.req.url).origin };
    await mailer.send(editorSignInMail(site, editor, `${site.url}/admin/sign-in/mail?token=${token}`));
  } catch (error) {
    console.error("mailing an editor's sign-in link failed", error);
  }
}

// The mailed link opens a page with a button: a mail scanner that fetches links uses nothing.
editorSignIn.get("/", (c) => {
  const token = c.req.query("token") ?? "";
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return linkProblem(c, T.linkMangled);
  return page(
    c,
    200,
    T.linkTitle,
    html`<section class="sign-in card" aria-labelledby="link-title">
  <h1 id="link-title">${T.linkTitle}</h1>
  <p>${T.linkIntro}</p>
  <form method="post" action="/admin/sign-in/mail/use">
    <input type="hidden" name="token" value="${token}" />
    <button type="submit">${T.linkButton}</button>
  </form>
</section>`,
    false,
  );
});

/** A sign-in link that signs nobody in: why, and the way back to ask for another. */
function linkProblem(c: DeskContext, text: string) {
  return page(
    c,
    400,
    T.linkTitle,
    html`<section class="sign-in card" aria-labelledby="link-title">
  <h1 id="link-title">${T.linkTitle}</h1>
  ${notice({ kind: "error", text })}
  <p><a href="/admin">${T.linkAgain}</a></p>
</section>`,
    false,
  );
}

editorSignIn.post("/use", async (c) => {
  if (!fromSameOrigin(c.req.raw)) return signInPage(c, 400, { kind: "error", text: T.forbidden });
  const form = await readForm(c.req.raw, FORM_LIMIT).catch(() => new FormData());
  const token = String(form.get("token") ?? "");
  const editor = /^[A-Za-z0-9_-]{43}$/.test(token)
    ? await c.var.ops.editorLinks.use(await sha256Hex(token), Math.floor(Date.now() / 1000))
    : null;
  // A link of an address taken off the list since it was sent signs nobody in.
  if (!editor || !editorsOf(c.env).has(editor)) return linkProblem(c, T.linkUsed);
  const { cookie } = await startSession(c, { editor, via: "mail" });
  return c.body(null, 303, { Location: "/admin/submissions", "Set-Cookie": cookie });
});
