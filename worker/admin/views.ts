import type { Page } from "@core/content/page";
import { SUBMISSION_STATUSES, type Submission, type SubmissionStatus } from "@core/content/submission";
import type { AuditEntry, SubmissionMail } from "@worker/ops/store";
import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { DESK_CSS } from "./styles";
import { REVIEW_MAIL_TEXTS as M, STATUS_NAMES, DESK_TEXTS as T } from "./texts";

/**
 * The desk's pages as HTML strings (docs/decisions/034-admin-review-desk.md): no script at all,
 * every form a plain POST; hono/html escapes every interpolated value.
 */

export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export interface Notice {
  kind: "ok" | "error";
  text: string;
}

/** What the header needs of a signed-in operator. */
export interface Operator {
  csrf: string;
}

export const MAX_NOTES = 5000;

export function notice(n: Notice | undefined): Html | "" {
  if (!n) return "";
  return html`<p class="notice ${n.kind}" role="${n.kind === "error" ? "alert" : "status"}">${n.text}</p>`;
}

/**
 * The whole document: header with the operator's tools when signed in. Links out (an artist's
 * links) carry no referrer; `same-origin`, not `no-referrer`, because with `no-referrer` browsers
 * send `Origin: null` on the desk's own POSTs, which the origin check must refuse.
 */
export function layout(options: { nonce: string; title: string; operator?: Operator; body: Html }): Html {
  const { nonce, title, operator, body } = options;
  const nav = operator
    ? html`<nav aria-label="Desk">
        <a href="/admin/submissions">${T.submissions}</a>
        <a href="/admin/announcements">${T.announcements}</a>
        <a href="/admin/drafts">${T.drafts}</a>
        <a href="/admin/subscribers">${T.subscribersTitle}</a>
        <a href="/admin/sessions">${T.sessions}</a>
        <form class="inline" method="post" action="/admin/sign-out">
          <input type="hidden" name="csrf" value="${operator.csrf}" />
          <button class="quiet" type="submit">${T.signOut}</button>
        </form>
      </nav>`
    : "";
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex, nofollow" />
<meta name="referrer" content="same-origin" />
<link rel="icon" href="/favicon.svg" type="image/svg+xml" />
<title>${title} · ${T.title} · ${T.siteName}</title>
<style nonce="${nonce}">${raw(DESK_CSS)}</style>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="desk">
  <a class="brand" href="/admin">${T.siteName} <span>${T.title}</span></a>
  ${nav}
</header>
<main id="main">${body}</main>
</body>
</html>`;
}

/**
 * The sign-in page: with `mailLinks` (EDITORS listed and mail on), first an editor's request for
 * a mailed link, then the admin token (docs/decisions/155-editors-sign-in-as-themselves.md).
 */
export function signInBody(message?: Notice, mailLinks = false, mailMessage?: Notice): Html {
  const byMail = mailLinks
    ? html`<form method="post" action="/admin/sign-in/mail" aria-labelledby="mail-title">
    <h2 id="mail-title">${T.mailTitle}</h2>
    ${notice(mailMessage)}
    <div>
      <label for="editor-email">${T.mailLabel}</label>
      <input id="editor-email" name="email" type="email" autocomplete="email" required
        aria-describedby="mail-hint"${mailMessage?.kind === "error" ? raw(' aria-invalid="true"') : ""} />
      <p class="hint" id="mail-hint">${T.mailIntro}</p>
    </div>
    <button type="submit">${T.mailSend}</button>
  </form>
  <h2>${T.tokenTitle}</h2>`
    : "";
  return html`<section class="sign-in card" aria-labelledby="sign-in-title">
  <h1 id="sign-in-title">${T.signInTitle}</h1>
  ${byMail}
  ${notice(message)}
  <form method="post" action="/admin/sign-in">
    <div>
      <label for="token">${T.tokenLabel}</label>
      <input id="token" name="token" type="password" autocomplete="current-password" required
        aria-describedby="token-hint"${message?.kind === "error" ? raw(' aria-invalid="true"') : ""} />
      <p class="hint" id="token-hint">${T.signInIntro}</p>
    </div>
    <button type="submit">${T.signIn}</button>
  </form>
</section>`;
}

const dateTime = (iso: string) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
};

function statusBadge(status: SubmissionStatus): Html {
  return html`<span class="status ${status}">${STATUS_NAMES[status]}</span>`;
}

export function listQuery(status: SubmissionStatus | undefined, page: number): string {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/admin/submissions${query ? `?${query}` : ""}`;
}

function subscribersTools(exportAvailable: boolean): Html {
  return html`<section class="tools" aria-labelledby="subscribers-title">
  <h2 id="subscribers-title">${T.subscribers}</h2>
  ${
    exportAvailable
      ? html`<p><a class="button quiet" href="/admin/subscribers.csv" download>${T.exportCsv}</a></p>
  <p class="hint">${T.exportHint}</p>`
      : html`<p class="hint">${T.exportUnavailable}</p>`
  }
</section>`;
}

export function listBody(options: {
  page: Page<Submission>;
  status?: SubmissionStatus;
  message?: Notice;
  exportAvailable: boolean;
}): Html {
  const { page, status, message, exportAvailable } = options;
  const tabs = [undefined, ...SUBMISSION_STATUSES].map((s) => {
    const current = s === status ? raw(' aria-current="page"') : "";
    return html`<li><a href="${listQuery(s, 1)}"${current}>${s ? STATUS_NAMES[s] : T.all}</a></li>`;
  });
  const items = page.items.map(
    (s) => html`<li><a href="/admin/submissions/${encodeURIComponent(s.id)}">
  <span class="who">${s.artistName} — ${s.trackTitle}</span>${statusBadge(s.status)}
  <span class="meta">${s.reference} · ${dateTime(s.submissionDate)}${s.audioFile ? " · audio" : ""}${
    s.artworkFile ? " · artwork" : ""
  }</span>
</a></li>`,
  );
  const pager =
    page.pageCount > 1 || page.page > 1
      ? html`<nav class="pager" aria-label="Pages">
  ${page.page > 1 ? html`<a class="button quiet" rel="prev" href="${listQuery(status, page.page - 1)}">${T.previous}</a>` : html`<span></span>`}
  <span>${T.pageOf(page.page, page.pageCount, page.total)}</span>
  ${page.page < page.pageCount ? html`<a class="button quiet" rel="next" href="${listQuery(status, page.page + 1)}">${T.next}</a>` : html`<span></span>`}
</nav>`
      : html`<p class="hint">${T.pageOf(page.page, page.pageCount, page.total)}</p>`;
  return html`<h1>${T.submissions}</h1>
${notice(message)}
<nav aria-label="Status"><ul class="tabs">${tabs}</ul></nav>
${items.length ? html`<ul class="list">${items}</ul>` : html`<p>${T.noSubmissions}</p>`}
${pager}
${subscribersTools(exportAvailable)}`;
}

/** Only web links become links; anything else an artist typed stays text. */
function linkItem(link: string): Html {
  const isWeb = /^https?:\/\//i.test(link);
  return isWeb
    ? html`<li><a href="${link}" rel="noopener noreferrer nofollow">${link}</a></li>`
    : html`<li>${link}</li>`;
}

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function detailBody(options: {
  submission: Submission;
  csrf: string;
  message?: Notice;
  notesDraft?: string;
  /** The mails sent to the artist about this submission (the receipt, review answers). */
  mails?: SubmissionMail[] | null;
  /** Who changed what on it, oldest first (null: the history could not be read). */
  history?: AuditEntry[] | null;
}): Html {
  const { submission: s, csrf, message } = options;
  const F = T.fields;
  const base = `/admin/submissions/${encodeURIComponent(s.id)}`;
  const options_ = SUBMISSION_STATUSES.map(
    (status) =>
      html`<option value="${status}"${status === s.status ? raw(" selected") : ""}>${STATUS_NAMES[status]}</option>`,
  );
  // Free text the artist or the team wrote keeps its line breaks.
  const row = (label: string, value: Html | string | null, text = false) =>
    html`<dt>${label}</dt><dd${text ? raw(' class="text"') : ""}>${value === null || value === "" ? T.none : value}</dd>`;
  return html`<p><a href="/admin/submissions">← ${T.backToList}</a></p>
<h1>${s.artistName} — ${s.trackTitle}</h1>
${notice(message)}
<div class="detail">
  <section class="card" aria-labelledby="fields-title">
    <h2 id="fields-title">${T.details}</h2>
    <dl>
      ${row(F.reference, s.reference)}
      ${row(F.status, statusBadge(s.status))}
      ${row(F.submitted, dateTime(s.submissionDate))}
      ${row(F.artist, s.artistName)}
      ${row(F.email, html`<a href="mailto:${s.email}">${s.email}</a>`)}
      ${row(F.track, s.trackTitle)}
      ${row(F.genre, s.genre)}
      ${row(F.city, s.city)}
      ${row(F.links, s.links.length ? html`<ul>${s.links.map(linkItem)}</ul>` : null)}
      ${row(F.message, s.message, true)}
      ${row(F.consent, s.consent ? T.yes : T.no)}
      ${row(F.notes, s.adminNotes, true)}
    </dl>
  </section>
  <div class="side">
    <section class="card" aria-labelledby="media-title">
      <h2 id="media-title">${T.audio}</h2>
      ${
        s.audioFile
          ? html`<audio controls preload="metadata" src="${base}/audio"></audio>
      <p class="hint">${s.audioFile.name} · ${s.audioFile.type} · ${sizeOf(s.audioFile.size)}</p>`
          : html`<p>${T.noAudio}</p>`
      }
      <h2>${T.artwork}</h2>
      ${
        s.artworkFile
          ? html`<img class="artwork" src="${base}/artwork" alt="${T.artworkAlt(s.trackTitle, s.artistName)}" />
      <p class="hint">${s.artworkFile.name} · ${s.artworkFile.type} · ${sizeOf(s.artworkFile.size)}</p>`
          : html`<p>${T.noArtwork}</p>`
      }
    </section>
    <section class="card" aria-labelledby="review-title">
      <h2 id="review-title">${T.review}</h2>
      <form class="review" method="post" action="${base}/status">
        <input type="hidden" name="csrf" value="${csrf}" />
        <div>
          <label for="status">${T.statusLabel}</label>
          <select id="status" name="status">${options_}</select>
        </div>
        <div>
          <label for="notes">${T.notesLabel}</label>
          <textarea id="notes" name="notes" maxlength="${MAX_NOTES}" aria-describedby="notes-hint">${
            options.notesDraft ?? s.adminNotes ?? ""
          }</textarea>
          <p class="hint" id="notes-hint">${T.notesHint}</p>
        </div>
        <button type="submit">${T.save}</button>
      </form>
    </section>
    ${mailsSection(s, options.mails ?? [])}
    ${historySection(options.history ?? [])}
  </div>
</div>`;
}

/**
 * An item's history on the desk (docs/decisions/155-editors-sign-in-as-themselves.md): each
 * change with when, who (an editor's address, or the admin token) and what.
 */
export function historySection(history: AuditEntry[] | null): Html {
  const lines = (history ?? []).map(
    (entry) =>
      html`<li><time datetime="${entry.at}">${dateTime(entry.at)}</time> · <span class="who">${entry.actor === "ADMIN_TOKEN" ? T.viaNames.token : entry.actor === "schedule" ? T.bySchedule : entry.actor}</span> · ${entry.detail}</li>`,
  );
  return html`<section class="card" aria-labelledby="history-title">
  <h2 id="history-title">${T.history}</h2>
  ${history === null ? html`<p>${T.historyFailed}</p>` : lines.length ? html`<ul class="history">${lines}</ul>` : html`<p>${T.noHistory}</p>`}
</section>`;
}

/** Every mail sent to the artist about the submission, and the answer for a decided one. */
function mailsSection(s: Submission, mails: SubmissionMail[] | null): Html {
  const decided = s.status === "accepted" || s.status === "rejected";
  return html`<section class="card" aria-labelledby="mails-title">
      <h2 id="mails-title">${M.mails}</h2>
      ${
        mails === null
          ? html`<p class="notice error" role="alert">${M.mailsFailed}</p>`
          : mails.length
            ? html`<ul>${mails.map((m) => html`<li>${M.sentLine(m.kind, m.subject, dateTime(m.sentAt))}</li>`)}</ul>`
            : html`<p>${M.noMails}</p>`
      }
      ${
        decided
          ? html`<p><a class="button quiet" href="/admin/submissions/${encodeURIComponent(s.id)}/mail">${M.answer(STATUS_NAMES[s.status])}</a></p>
      <p class="hint">${M.answerHint}</p>`
          : ""
      }
    </section>`;
}

export function messageBody(title: string, message: Notice, back = true): Html {
  return html`<h1>${title}</h1>${notice(message)}${back ? html`<p><a href="/admin/submissions">← ${T.backToList}</a></p>` : ""}`;
}
