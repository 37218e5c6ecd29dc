import type { Subscriber } from "@core/content/newsletter";
import { Hono } from "hono";
import { html } from "hono/html";
import { deskPage as page } from "./desk-page";
import { type DeskEnv, requireSession } from "./guard";
import { DESK_TEXTS as T } from "./texts";
import { type Html, messageBody } from "./views";

/**
 * /admin/subscribers (docs/decisions/155-editors-sign-in-as-themselves.md): every address the
 * newsletter knows, in its state: the sign-ups waiting for their confirmation (pending), the
 * confirmed subscribers (the export's, 100 at a time), and the addresses kept from mail, either
 * unsubscribed or suppressed (a bounce or a complaint). Read-only: the CSV export stays the
 * confirmed subscribers.
 */
export const subscribersDesk = new Hono<DeskEnv>();
subscribersDesk.use("*", requireSession("page"));

const PAGE = 100;
const day = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace("T", " ")} UTC` : "");

subscribersDesk.get("/", async (c) => {
  const admin = c.var.content.newsletter.admin;
  if (!admin)
    return page(
      c,
      200,
      T.subscribersTitle,
      messageBody(T.subscribersTitle, { kind: "error", text: T.exportUnavailable }),
    );
  const afterText = c.req.query("after") ?? "0";
  if (!/^\d{1,12}$/.test(afterText)) return c.redirect("/admin/subscribers", 303);
  const after = Number(afterText);
  let read: [Subscriber[], Subscriber[], number, Awaited<ReturnType<typeof c.var.ops.suppressions.latest>>];
  try {
    read = await Promise.all([
      admin.listPending(0, PAGE),
      admin.listSubscribers(after, PAGE + 1),
      admin.countConfirmed(),
      c.var.ops.suppressions.latest(PAGE),
    ]);
  } catch (error) {
    console.error("listing the subscribers failed", error);
    return page(
      c,
      503,
      T.subscribersTitle,
      messageBody(T.subscribersTitle, { kind: "error", text: T.storeDown }),
    );
  }
  const [pending, confirmedPage, confirmedCount, kept] = read;
  const confirmed = confirmedPage.slice(0, PAGE);
  const next = confirmedPage.length > PAGE ? confirmed.at(-1)?.id : undefined;
  const row = (
    email: string,
    state: "pending" | "confirmed" | "unsubscribed" | "suppressed",
    since: string,
    why = "",
  ) =>
    html`<li><span class="who">${email}</span> <span class="status ${state === "confirmed" ? "accepted" : state === "pending" ? "pending" : "rejected"}">${T.states[state]}</span> <span class="hint">${why ? `${why} · ` : ""}${T.since(day(since))}</span></li>`;
  const list = (items: Html[], none: string) =>
    items.length ? html`<ul class="history">${items}</ul>` : html`<p>${none}</p>`;
  return page(
    c,
    200,
    T.subscribersTitle,
    html`<h1>${T.subscribersTitle}</h1>
<p>${T.subscribersIntro(confirmedCount, pending.length >= PAGE ? `${PAGE}+` : String(pending.length))}</p>
<div class="side">
<section class="card" aria-labelledby="pending-title"><h2 id="pending-title">${T.pendingTitle}</h2>
${list(
  pending.map((s) => row(s.email, "pending", s.subscribedAt)),
  T.nonePending,
)}</section>
<section class="card" aria-labelledby="confirmed-title"><h2 id="confirmed-title">${T.confirmedTitle}</h2>
${list(
  confirmed.map((s) => row(s.email, "confirmed", s.confirmedAt ?? s.subscribedAt)),
  T.noneConfirmed,
)}
${next ? html`<p><a class="button quiet" href="/admin/subscribers?after=${next}">${T.moreConfirmed}</a></p>` : ""}
<p><a class="button quiet" href="/admin/subscribers.csv" download>${T.exportCsv}</a></p></section>
<section class="card" aria-labelledby="kept-title"><h2 id="kept-title">${T.keptTitle}</h2>
${list(
  kept.map((k) =>
    k.reason === "unsubscribed"
      ? row(k.email, "unsubscribed", k.since)
      : row(k.email, "suppressed", k.since, T.reasons[k.reason]),
  ),
  T.noneKept,
)}</section>
</div>`,
  );
});
