import { SUBMISSION_STATUSES, type Submission, type SubmissionStatus } from "@core/content/submission";
import { tryToken } from "@worker/auth";
import { usableToken } from "@worker/config";
import { emptyPage } from "@worker/content/paging";
import { BodyError, readForm } from "@worker/forms/body";
import { subscribersCsv } from "@worker/newsletter";
import { newNonce } from "@worker/security-headers";
import { Hono } from "hono";
import { announcementsDesk } from "./announcements";
import { deskForm, deskPage as page, submissionOf } from "./desk-page";
import { draftsDesk } from "./drafts";
import { editorSignIn, mailLinksOn } from "./editors";
import { serveStoredFile } from "./files";
import {
  audit,
  csrfOk,
  type DeskContext,
  type DeskEnv,
  deskSession,
  fromSameOrigin,
  requireSession,
  startSession,
} from "./guard";
import { reviewMailDesk } from "./review-mail";
import { CLEARED_COOKIE } from "./session";
import { sessionsDesk } from "./sessions-desk";
import { subscribersDesk } from "./subscribers-desk";
import { STATUS_NAMES, DESK_TEXTS as T } from "./texts";
import { detailBody, listBody, MAX_NOTES, messageBody, type Notice, signInBody } from "./views";

/**
 * /admin, the operator's review desk for artist submissions (docs/decisions/034-admin-review-desk.md,
 * docs/operations.md "The review desk"). Server-rendered HTML without script, every form a POST
 * answered by a redirect (POST-redirect-GET). Without ADMIN_TOKEN there is no desk: 404.
 */
export const adminDesk = new Hono<DeskEnv>();

const PAGE_SIZE = 25;
const FORM_LIMIT = { max: 128 * 1024, message: "The form is too large." };

/** The desk's own policy: nothing but its own origin, no script at all, its one inline stylesheet. */
export function deskPolicy(nonce: string, https: boolean): string {
  const directives = [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    "img-src 'self'",
    "media-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ];
  if (https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

adminDesk.use("*", async (c, next) => {
  const token = usableToken(c.env.ADMIN_TOKEN);
  if (!token) return c.text("Not found", 404, { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });
  c.set("adminToken", token);
  const nonce = newNonce();
  c.set("nonce", nonce);
  await next();
  if (c.var.newCookie && !c.res.headers.has("Set-Cookie")) c.res.headers.set("Set-Cookie", c.var.newCookie);
  // Per operator and secret: never stored by a browser, a proxy or the Worker's caches, never indexed.
  c.res.headers.set("Cache-Control", "private, no-store");
  c.res.headers.set("X-Robots-Tag", "noindex, nofollow");
  // A page with a policy of its own (the announcement preview: a mail's inline styles) keeps it.
  if (
    (c.res.headers.get("Content-Type") ?? "").startsWith("text/html") &&
    !c.res.headers.has("Content-Security-Policy")
  ) {
    c.res.headers.set("Content-Security-Policy", deskPolicy(nonce, new URL(c.req.url).protocol === "https:"));
  }
});

// The sign-in page; a signed-in operator goes straight to the list.
adminDesk.get("/", async (c) => {
  const check = await deskSession(c);
  if (check.ok) return c.redirect("/admin/submissions", 303);
  const said = c.req.query("session");
  const message: Notice | undefined =
    said === "ended"
      ? { kind: "error", text: T.expired }
      : said === "signed-out"
        ? { kind: "ok", text: T.signedOut }
        : undefined;
  return page(c, 200, T.signIn, signInBody(message, mailLinksOn(c)), false);
});

adminDesk.post("/sign-in", async (c) => {
  if (!fromSameOrigin(c.req.raw))
    return page(c, 403, T.signIn, signInBody({ kind: "error", text: T.forbidden }, mailLinksOn(c)), false);
  let form: FormData;
  try {
    form = await readForm(c.req.raw, FORM_LIMIT);
  } catch (e) {
    if (e instanceof BodyError)
      return page(c, 400, T.signIn, signInBody({ kind: "error", text: e.message }, mailLinksOn(c)), false);
    throw e;
  }
  const given = String(form.get("token") ?? "").trim();
  if (!given)
    return page(c, 400, T.signIn, signInBody({ kind: "error", text: T.emptyToken }, mailLinksOn(c)), false);
  // A wrong token is counted with the bearer endpoints' guesses (worker/auth.ts).
  const verdict = await tryToken(c.env, c.req.raw, given, c.var.adminToken);
  if (!verdict.ok && verdict.unavailable)
    return page(c, 503, T.signIn, signInBody({ kind: "error", text: T.storeDown }, mailLinksOn(c)), false);
  if (!verdict.ok && verdict.retryAfter) return tooMany(c, verdict.retryAfter);
  if (!verdict.ok)
    return page(c, 401, T.signIn, signInBody({ kind: "error", text: T.wrongToken }, mailLinksOn(c)), false);
  let cookie: string;
  try {
    ({ cookie } = await startSession(c));
  } catch (error) {
    // The right token needs no D1, its session does: while D1 fails nobody is signed in.
    console.error("recording the desk's session failed", error);
    return page(c, 503, T.signIn, signInBody({ kind: "error", text: T.storeDown }, mailLinksOn(c)), false);
  }
  return c.body(null, 303, { Location: "/admin/submissions", "Set-Cookie": cookie });
});

async function tooMany(c: DeskContext, retryAfter: number) {
  const response = await page(
    c,
    429,
    T.signIn,
    signInBody({ kind: "error", text: T.tooManyAttempts(Math.ceil(retryAfter / 60)) }, mailLinksOn(c)),
    false,
  );
  response.headers.set("Retry-After", String(retryAfter));
  return response;
}

adminDesk.post("/sign-out", requireSession("page"), async (c) => {
  const form = await readForm(c.req.raw, FORM_LIMIT).catch(() => new FormData());
  if (!(await csrfOk(c, form)))
    return page(c, 403, T.signOut, messageBody(T.signOut, { kind: "error", text: T.forbidden }));
  await c.var.ops.sessions.end(c.var.session);
  return c.body(null, 303, { Location: "/admin?session=signed-out", "Set-Cookie": CLEARED_COOKIE });
});

function statusOf(value: string | undefined): SubmissionStatus | undefined | null {
  if (value === undefined || value === "") return undefined;
  return (SUBMISSION_STATUSES as readonly string[]).includes(value) ? (value as SubmissionStatus) : null;
}

adminDesk.get("/submissions", requireSession("page"), async (c) => {
  const status = statusOf(c.req.query("status"));
  const pageText = c.req.query("page") ?? "1";
  if (status === null || !/^[1-9]\d{0,5}$/.test(pageText)) return c.redirect("/admin/submissions", 303);
  const content = c.var.content;
  const exportAvailable = !!content.newsletter.admin;
  try {
    const result = await content.submissions.listSubmissions({
      page: Number(pageText),
      pageSize: PAGE_SIZE,
      status,
    });
    return page(c, 200, T.submissions, listBody({ page: result, status, exportAvailable }));
  } catch (error) {
    // A source that failed (docs/product.md section 8): the desk says so, with an empty list.
    console.error("listing submissions failed", error);
    const message: Notice = { kind: "error", text: T.listFailed };
    const body = listBody({ page: emptyPage(PAGE_SIZE), status, message, exportAvailable });
    return page(c, 503, T.submissions, body);
  }
});

adminDesk.get("/submissions/:id", requireSession("page"), async (c) => {
  const found = await submissionOf(c);
  if (found instanceof Response) return found;
  const said = c.req.query("saved") === "1" ? T.saved : c.req.query("mailed") === "1" ? T.mailed : undefined;
  const message: Notice | undefined = said ? { kind: "ok", text: said } : undefined;
  // A failed read of the mail log still shows the submission, and says the list is missing.
  const [mails, history] = await Promise.all([
    c.var.ops.submissionMails.list(found.id).catch((error: unknown) => {
      console.error("reading a submission's mails failed", error);
      return null;
    }),
    c.var.ops.audit.of(`submission:${found.id}`).catch((error: unknown) => {
      console.error("reading a submission's history failed", error);
      return null;
    }),
  ]);
  return page(
    c,
    200,
    `${found.artistName} — ${found.trackTitle}`,
    detailBody({ submission: found, csrf: c.var.csrf, message, mails, history }),
  );
});

adminDesk.post("/submissions/:id/status", requireSession("page"), async (c) => {
  const form = await deskForm(c, T.review, FORM_LIMIT);
  if (form instanceof Response) return form;
  const found = await submissionOf(c);
  if (found instanceof Response) return found;
  const status = statusOf(String(form.get("status") ?? ""));
  const notes = String(form.get("notes") ?? "")
    .replace(/\r\n/g, "\n")
    .trim();
  const refuse = (text: string) =>
    page(
      c,
      400,
      T.review,
      detailBody({
        submission: found,
        csrf: c.var.csrf,
        message: { kind: "error", text },
        notesDraft: notes,
      }),
    );
  if (!status) return refuse(T.badStatus);
  if (notes.length > MAX_NOTES) return refuse(T.notesTooLong(MAX_NOTES));
  try {
    const updated = await c.var.content.submissions.setSubmissionStatus(found.id, status, notes || null);
    if (!updated)
      return page(c, 404, T.notFoundPage, messageBody(T.notFoundPage, { kind: "error", text: T.notFound }));
  } catch (error) {
    console.error("saving a review failed", error);
    return page(
      c,
      503,
      T.review,
      detailBody({
        submission: found,
        csrf: c.var.csrf,
        message: { kind: "error", text: T.saveFailed },
        notesDraft: notes,
      }),
    );
  }
  const notesWere = found.adminNotes ?? "";
  const notesNow = notes === notesWere ? "kept" : notes ? "changed" : "cleared";
  await audit(c, `submission:${found.id}`, "review", T.reviewed(STATUS_NAMES[status], notesNow));
  return c.redirect(`/admin/submissions/${encodeURIComponent(found.id)}?saved=1`, 303);
});

const fileUnavailable = (c: DeskContext) =>
  c.text("The file is unavailable right now. Try again in a minute.", 503, { "Retry-After": "30" });

adminDesk.on(["GET", "HEAD"], "/submissions/:id/:file{audio|artwork}", requireSession("file"), async (c) => {
  let found: Submission | null;
  try {
    found = await c.var.content.submissions.getSubmission(c.req.param("id") ?? "");
  } catch (error) {
    console.error("loading a submission failed", error);
    return fileUnavailable(c);
  }
  const file = c.req.param("file") === "audio" ? found?.audioFile : found?.artworkFile;
  if (!file) return c.text("File not found.", 404);
  try {
    const answer = await serveStoredFile(c.req.raw, file, {
      uploads: c.env.UPLOADS,
      cmsUrl: c.env.CMS_URL,
      mediaUrl: c.env.CMS_MEDIA_URL,
    });
    return answer ?? c.text("File not found.", 404);
  } catch (error) {
    console.error("serving a submission's file failed", error);
    return fileUnavailable(c);
  }
});

adminDesk.get("/subscribers.csv", requireSession("page"), async (c) => {
  const admin = c.var.content.newsletter.admin;
  if (!admin)
    return page(
      c,
      404,
      T.subscribers,
      messageBody(T.subscribers, { kind: "error", text: T.exportUnavailable }),
    );
  try {
    return await subscribersCsv(admin, c.var.content.siteUrl);
  } catch (error) {
    console.error("the subscriber export failed", error);
    return page(c, 503, T.subscribers, messageBody(T.subscribers, { kind: "error", text: T.exportFailed }));
  }
});

// Announcements to the newsletter's subscribers (worker/admin/announcements.ts), and the mails
// that answer an artist's submission (worker/admin/review-mail.ts).
adminDesk.route("/announcements", announcementsDesk);
adminDesk.route("/drafts", draftsDesk);
adminDesk.route("/sign-in/mail", editorSignIn);
adminDesk.route("/sessions", sessionsDesk);
adminDesk.route("/subscribers", subscribersDesk);
adminDesk.route("/", reviewMailDesk);

adminDesk.all("*", (c) => c.text("Not found", 404));
