import type { Submission } from "@core/content/submission";
import { siteOf } from "@worker/mail/form-mail";
import { mailerFor } from "@worker/mail/port";
import { claimRecipient, releaseRecipient } from "@worker/mail/recipient-limit";
import {
  DEFAULT_TEMPLATES,
  isReviewTemplate,
  REVIEW_TEMPLATES,
  type ReviewTemplate,
  readTemplate,
} from "@worker/mail/review-templates";
import { reviewMail } from "@worker/mail/templates";
import type { TemplateStore } from "@worker/ops/store";
import { Hono } from "hono";
import { html } from "hono/html";
import { type DeskStatus, deskForm, deskPage as page, submissionOf } from "./desk-page";
import { audit, type DeskContext, type DeskEnv, requireSession } from "./guard";
import { STATUS_NAMES, REVIEW_MAIL_TEXTS as T } from "./texts";

const MAIL_HISTORY = (subject: string) => `mailed the artist: “${subject}”`;

import type { Notice } from "./views";

/**
 * The artist hears back (docs/operations.md "The review desk"): for an accepted or rejected
 * submission the desk previews the answer from its template, then sends it; the templates are
 * edited on the desk. Every mail sent is logged (submission_mails) and listed on the submission's
 * page. POSTs carry the CSRF token and must come from the desk's origin.
 */
export const reviewMailDesk = new Hono<DeskEnv>();
reviewMailDesk.use("*", requireSession("page"));

const FORM_LIMIT = { max: 32 * 1024, message: "The form is too large (at most 32 KB)." };

async function reviewedSubmission(
  c: DeskContext,
): Promise<
  { submission: Submission; template: ReviewTemplate; mail: ReturnType<typeof reviewMail> } | Response
> {
  const submission = await submissionOf(c);
  if (submission instanceof Response) return submission;
  if (!isReviewTemplate(submission.status))
    return c.redirect(`/admin/submissions/${encodeURIComponent(submission.id)}`, 303);
  const template = submission.status;
  const mail = reviewMail(siteOf(c.env), submission, await readTemplate(c.var.ops.templates, template));
  return { submission, template, mail };
}

function previewBody(
  c: DeskContext,
  submission: Submission,
  template: ReviewTemplate,
  mail: { subject: string; text: string },
  message?: Notice,
) {
  const base = `/admin/submissions/${encodeURIComponent(submission.id)}`;
  return html`<p><a href="${base}">← ${submission.artistName} — ${submission.trackTitle}</a></p>
<h1>${T.previewTitle(STATUS_NAMES[template])}</h1>
${message ? html`<p class="notice ${message.kind}" role="${message.kind === "error" ? "alert" : "status"}">${message.text}</p>` : ""}
<section class="card" aria-label="${T.previewTitle(STATUS_NAMES[template])}">
  <p>${T.to(submission.email)}</p>
  <p><strong>${T.subject(mail.subject)}</strong></p>
  <pre class="text">${mail.text}</pre>
  <form method="post" action="${base}/mail">
    <input type="hidden" name="csrf" value="${c.var.csrf}" />
    <input type="hidden" name="template" value="${template}" />
    <button type="submit">${T.send}</button>
  </form>
  <p><a href="/admin/mail-templates">${T.editTemplates}</a></p>
</section>`;
}

reviewMailDesk.get("/submissions/:id/mail", async (c) => {
  const found = await reviewedSubmission(c);
  if (found instanceof Response) return found;
  const { mail } = found;
  const message = mailerFor(c.env) ? undefined : ({ kind: "error", text: T.mailOff } as const);
  return page(
    c,
    200,
    T.previewTitle(STATUS_NAMES[found.template]),
    previewBody(c, found.submission, found.template, mail, message),
  );
});

reviewMailDesk.post("/submissions/:id/mail", async (c) => {
  const form = await deskForm(c, T.mails, FORM_LIMIT);
  if (form instanceof Response) return form;
  const found = await reviewedSubmission(c);
  if (found instanceof Response) return found;
  const { mail } = found;
  const mailer = mailerFor(c.env);
  const again = (status: DeskStatus, text: string) =>
    page(c, status, T.mails, previewBody(c, found.submission, found.template, mail, { kind: "error", text }));
  // The template the page showed is the one sent: a status changed in between is not mailed.
  if (form.get("template") !== found.template)
    return c.redirect(`/admin/submissions/${encodeURIComponent(found.submission.id)}/mail`, 303);
  if (!mailer) return again(503, T.mailOff);
  // The artist's address is not confirmed: a review answer shares the budget of the receipt and
  // the confirmation (docs/decisions/123-mail-to-strangers.md), and the desk says when it is spent.
  const now = Date.now();
  let claimed: boolean;
  try {
    claimed = await claimRecipient(c.env, mail.to, now);
  } catch (error) {
    console.error("a review mail's recipient budget could not be read", error);
    return again(503, T.sendFailed);
  }
  if (!claimed) return again(429, T.recipientLimited);
  let sent: Awaited<ReturnType<typeof mailer.send>>;
  try {
    sent = await mailer.send(mail);
  } catch (error) {
    console.error("a review mail failed", error);
    await releaseRecipient(c.env, mail.to, now).catch(() => undefined);
    return again(503, T.sendFailed);
  }
  // The mail went: a failed log write must not tell the operator to send it again.
  await c.var.ops.submissionMails
    .log(found.submission.id, found.template, mail, sent.messageId)
    .catch((error: unknown) => console.error("a review mail was sent but not logged", error));
  await audit(c, `submission:${found.submission.id}`, "review-mail", MAIL_HISTORY(mail.subject));
  return c.redirect(`/admin/submissions/${encodeURIComponent(found.submission.id)}?mailed=1`, 303);
});

function templatesBody(
  c: DeskContext,
  templates: Record<ReviewTemplate, { subject: string; body: string }>,
  message?: Notice,
) {
  const forms = REVIEW_TEMPLATES.map(
    (name) => html`<section class="card" aria-labelledby="t-${name}">
  <h2 id="t-${name}">${STATUS_NAMES[name]}</h2>
  <form class="review" method="post" action="/admin/mail-templates">
    <input type="hidden" name="csrf" value="${c.var.csrf}" />
    <input type="hidden" name="name" value="${name}" />
    <div><label for="subject-${name}">${T.templateSubject}</label>
    <input id="subject-${name}" name="subject" required maxlength="200" value="${templates[name].subject}" /></div>
    <div><label for="body-${name}">${T.templateBody}</label>
    <textarea id="body-${name}" name="body" required maxlength="10000">${templates[name].body}</textarea></div>
    <button type="submit">${T.saveTemplate}</button>
  </form>
</section>`,
  );
  return html`<h1>${T.templatesTitle}</h1>
${message ? html`<p class="notice ${message.kind}" role="${message.kind === "error" ? "alert" : "status"}">${message.text}</p>` : ""}
<p class="hint">${T.templatesHint}</p>
<div class="detail">${forms}</div>`;
}

async function allTemplates(templates: TemplateStore) {
  const out = { ...DEFAULT_TEMPLATES };
  for (const name of REVIEW_TEMPLATES) out[name] = await readTemplate(templates, name);
  return out;
}

reviewMailDesk.get("/mail-templates", async (c) => {
  const message = c.req.query("saved") === "1" ? ({ kind: "ok", text: T.templateSaved } as const) : undefined;
  return page(c, 200, T.templatesTitle, templatesBody(c, await allTemplates(c.var.ops.templates), message));
});

reviewMailDesk.post("/mail-templates", async (c) => {
  const form = await deskForm(c, T.templatesTitle, FORM_LIMIT);
  if (form instanceof Response) return form;
  const name = form.get("name");
  const subject = String(form.get("subject") ?? "")
    .trim()
    .slice(0, 200);
  const body = String(form.get("body") ?? "")
    .replace(/\r\n/g, "\n")
    .trim()
    .slice(0, 10_000);
  const refuse = async (text: string) =>
    page(
      c,
      400,
      T.templatesTitle,
      templatesBody(c, await allTemplates(c.var.ops.templates), { kind: "error", text }),
    );
  if (!isReviewTemplate(name) || !subject || !body) return refuse(T.templateMissing);
  // A subject is one header line: the mail port refuses a line break in it (worker/mail/mailer.ts).
  if (/[\r\n]/.test(subject)) return refuse(T.templateSubjectLines);
  await c.var.ops.templates.save(name, { subject, body });
  return c.redirect("/admin/mail-templates?saved=1", 303);
});
