import type { Card } from "@worker/mail/layout";
import type {
  AnnouncementSummary,
  AnnouncementTarget,
  Audience,
  Follows,
} from "@worker/ops/announcement-log";
import type { AuditEntry } from "@worker/ops/store";
import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { ANNOUNCE_TEXTS as T } from "./texts";
import { historySection, type Notice } from "./views";

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/** A recent post, release, mixtape or event the operator can put in an announcement. */
export interface Candidate extends Card {
  key: string;
  /** The item's artists and genres, by slug: whose followers it concerns. */
  follows: Follows;
}

function notice(n: Notice | undefined): Html | "" {
  if (!n) return "";
  return html`<p class="notice ${n.kind}" role="${n.kind === "error" ? "alert" : "status"}">${n.text}</p>`;
}

const csrfField = (csrf: string) => html`<input type="hidden" name="csrf" value="${csrf}" />`;

function progress(a: AnnouncementSummary): Html {
  const uncertain = a.uncertain ? ` · ${T.uncertainCount(a.uncertain)}` : "";
  return html`<span class="meta">${T.progress(a.sent, a.pending, a.skipped, a.failed)}${uncertain}</span>`;
}

/** /admin/announcements: what was sent and how far, and the compose form. */
export function composeBody(options: {
  csrf: string;
  candidates: Candidate[];
  announcements: AnnouncementSummary[];
  draft?: { subject: string; body: string; keys: string[]; audience: Audience };
  message?: Notice;
  subscribers: number;
}): Html {
  const audience = options.draft?.audience ?? "everyone";
  const radio = (value: Audience, label: string) =>
    html`<label class="pick" for="audience-${value}"><input id="audience-${value}" type="radio" name="audience" value="${value}"${audience === value ? raw(" checked") : ""} /> <span>${label}</span></label>`;
  const { csrf, candidates, announcements, draft, message } = options;
  const chosen = new Set(draft?.keys ?? []);
  const items = candidates.map(
    (c, i) => html`<li><label class="pick" for="item-${i}">
  <input id="item-${i}" type="checkbox" name="item" value="${c.key}"${chosen.has(c.key) ? raw(" checked") : ""} />
  ${c.image ? html`<img src="${c.image}" alt="" width="48" height="48" />` : html`<span></span>`}
  <span><span class="kind">${c.kind}</span><span class="who">${c.title}</span>${c.subtitle ? html`<span class="meta">${c.subtitle}</span>` : ""}</span>
</label></li>`,
  );
  const sent = announcements.map(
    (a) => html`<li><a href="/admin/announcements/${a.id}"><span class="who">${a.subject}</span>
  <span class="status ${a.status === "sent" ? "accepted" : a.status === "sending" ? "reviewing" : "pending"}">${T.statusNames[a.status]}</span>
  ${progress(a)}</a></li>`,
  );
  return html`<h1>${T.title}</h1>
${notice(message)}
<p class="hint">${T.audience(options.subscribers)}</p>
<section class="card" aria-labelledby="compose-title">
  <h2 id="compose-title">${T.compose}</h2>
  <form class="review" method="post" action="/admin/announcements">
    ${csrfField(csrf)}
    <div>
      <label for="subject">${T.subject}</label>
      <input id="subject" name="subject" required maxlength="200" value="${draft?.subject ?? ""}" />
    </div>
    <div>
      <label for="body">${T.body}</label>
      <textarea id="body" name="body" required maxlength="20000" aria-describedby="body-hint">${draft?.body ?? ""}</textarea>
      <p class="hint" id="body-hint">${T.bodyHint}</p>
    </div>
    <fieldset>
      <legend>${T.items}</legend>
      ${items.length ? html`<ul class="picks">${items}</ul>` : html`<p class="hint">${T.noItems}</p>`}
    </fieldset>
    <fieldset>
      <legend>${T.audienceTitle}</legend>
      ${radio("everyone", T.audienceEveryone)}
      ${radio("followers", T.audienceFollowers)}
      <p class="hint">${T.audienceFollowersHint}</p>
    </fieldset>
    <button type="submit">${T.saveDraft}</button>
  </form>
</section>
<section aria-labelledby="sent-title">
  <h2 id="sent-title">${T.earlier}</h2>
  ${sent.length ? html`<ul class="list">${sent}</ul>` : html`<p class="hint">${T.none}</p>`}
</section>`;
}

/** One announcement: its preview, the test send, the send, and the progress of the send log. */
export function announcementBody(options: {
  csrf: string;
  announcement: AnnouncementSummary & AnnouncementTarget & { items: Card[] };
  failures: { email: string; lastError: string | null }[];
  /** Addresses sent again after a cut-off attempt (docs/decisions/098-the-mail-in-flight.md). */
  uncertain: string[];
  subscribers: number;
  message?: Notice;
  /** Who wrote, tested and sent it, and when. */
  history?: AuditEntry[] | null;
  /** The release-day drop: the release it waits for and those it could. */
  drop?: Drop;
}): Html {
  const { csrf, announcement: a, failures, message } = options;
  const base = `/admin/announcements/${a.id}`;
  const send =
    a.status === "draft" && options.subscribers === 0
      ? html`<p class="hint">${T.nobodyYet}</p>`
      : a.status === "draft"
        ? html`<form method="post" action="${base}/send">
      ${csrfField(csrf)}
      <p class="hint">${T.sendHint(options.subscribers)}</p>
      <button type="submit">${T.send(options.subscribers)}</button>
    </form>`
        : html`<p>${progress(a)}</p><p><a class="button quiet" href="${base}">${T.refresh}</a></p>
    ${
      a.status === "sending" && a.pending > 0
        ? html`<form method="post" action="${base}/resume">${csrfField(csrf)}<p class="hint">${T.resumeHint}</p>
      <button class="quiet" type="submit">${T.resume}</button></form>`
        : ""
    }`;
  const failed = failures.length
    ? html`<h3>${T.deadLetters}</h3><ul>${failures.map((f) => html`<li>${f.email}${f.lastError ? ` — ${f.lastError}` : ""}</li>`)}</ul>`
    : "";
  const uncertain = options.uncertain.length
    ? html`<h3>${T.uncertainTitle}</h3><p class="hint">${T.uncertainHint}</p><ul>${options.uncertain.map((e) => html`<li>${e}</li>`)}</ul>`
    : "";
  return html`<p><a href="/admin/announcements">← ${T.title}</a></p>
<h1>${a.subject}</h1>
${notice(message)}
<div class="detail">
  <section class="card" aria-labelledby="preview-title">
    <h2 id="preview-title">${T.preview}</h2>
    <p><a class="button quiet" href="${base}/preview" target="_blank" rel="noopener">${T.openPreview}</a></p>
    <p class="hint">${T.previewHint}</p>
    <ul>${a.items.map((c) => html`<li>${c.kind}: ${c.title}</li>`)}</ul>
    <p class="hint">${a.audience === "followers" ? T.toFollowers([...a.follows.artists, ...a.follows.genres].join(", ")) : T.toEveryone}</p>
  </section>
  <div class="side">
    <section class="card" aria-labelledby="test-title">
      <h2 id="test-title">${T.testTitle}</h2>
      <form method="post" action="${base}/test">
        ${csrfField(csrf)}
        <div>
          <label for="test-to">${T.testTo}</label>
          <input id="test-to" name="to" type="email" required autocomplete="email" />
        </div>
        <button class="quiet" type="submit">${T.sendTest}</button>
      </form>
    </section>
    <section class="card" aria-labelledby="send-title">
      <h2 id="send-title">${T.sendTitle}</h2>
      ${send}
      ${failed}
      ${uncertain}
    </section>
    ${a.status === "draft" && options.drop ? dropSection(base, csrf, options.drop) : ""}
    ${historySection(options.history ?? [])}
  </div>
</div>`;
}

/** A draft's release-day drop, as the desk offers it (docs/decisions/156-release-day-drops.md). */
export type Drop =
  | { kind: "cms" }
  | {
      kind: "embedded";
      waitingFor: string | null;
      scheduled: { slug: string; title: string; artist: string; due: string }[];
    };

const dueText = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

function dropSection(base: string, csrf: string, drop: Drop): Html {
  const body = (() => {
    if (drop.kind === "cms") return html`<p class="hint">${T.dropInCms}</p>`;
    const waiting = drop.waitingFor ? drop.scheduled.find((r) => r.slug === drop.waitingFor) : undefined;
    if (drop.waitingFor)
      return html`<p>${T.dropWaiting(waiting?.title ?? drop.waitingFor, waiting ? dueText(waiting.due) : "")}</p>
      <form method="post" action="${base}/with-release">${csrfField(csrf)}<input type="hidden" name="release" value="" />
      <button class="quiet" type="submit">${T.dropCancel}</button></form>`;
    if (!drop.scheduled.length) return html`<p class="hint">${T.dropNoneScheduled}</p>`;
    const options = drop.scheduled.map(
      (r) => html`<option value="${r.slug}">${r.artist} – ${r.title} (${dueText(r.due)})</option>`,
    );
    return html`<form method="post" action="${base}/with-release">${csrfField(csrf)}
      <div><label for="drop-release">${T.dropLabel}</label><select id="drop-release" name="release">${options}</select></div>
      <p class="hint">${T.dropHint}</p>
      <button class="quiet" type="submit">${T.dropSubmit}</button></form>`;
  })();
  return html`<section class="card" aria-labelledby="drop-title"><h2 id="drop-title">${T.dropTitle}</h2>${body}</section>`;
}
