import type { OpenSession } from "@worker/ops/store";
import { Hono } from "hono";
import { html } from "hono/html";
import { deskForm, deskPage as page } from "./desk-page";
import { audit, type DeskEnv, requireSession } from "./guard";
import { CLEARED_COOKIE } from "./session";
import { DESK_TEXTS as T } from "./texts";
import { type Html, notice } from "./views";

/**
 * /admin/sessions (docs/decisions/155-editors-sign-in-as-themselves.md): who is signed in to the
 * desk, how and since when, each session with a button that ends it at once (a lost laptop, a
 * leaver). Ending one is recorded with who ended it.
 */
export const sessionsDesk = new Hono<DeskEnv>();
sessionsDesk.use("*", requireSession("page"));

const FORM_LIMIT = { max: 8 * 1024, message: "The form is too large." };
const when = (seconds: number) =>
  seconds ? `${new Date(seconds * 1000).toISOString().slice(0, 16).replace("T", " ")} UTC` : "";

const whoOf = (s: Pick<OpenSession, "editor">) => s.editor ?? T.viaNames.token;

sessionsDesk.get("/", async (c) => {
  const ended = c.req.query("ended") === "1";
  const sessions = await c.var.ops.sessions.list();
  return page(
    c,
    200,
    T.sessions,
    html`<h1>${T.sessions}</h1>${ended ? notice({ kind: "ok", text: T.sessionEnded }) : ""}
<p>${T.sessionsIntro}</p>${list(sessions, c.var.session.sid, c.var.csrf)}`,
  );
});

function list(sessions: OpenSession[], mine: string, csrf: string): Html {
  const rows = sessions.map(
    (s) => html`<li>
  <span class="who">${whoOf(s)}${s.sid === mine ? T.you : ""}</span>
  <span class="hint">${T.viaNames[s.via]}${s.startedAt ? html` · ${T.since(when(s.startedAt))}` : ""} · ${T.until(when(s.exp))}</span>
  <form class="inline" method="post" action="/admin/sessions/end">
    <input type="hidden" name="csrf" value="${csrf}" />
    <input type="hidden" name="sid" value="${s.sid}" />
    <button class="quiet" type="submit" aria-label="${T.endSessionOf(whoOf(s))}">${T.endSession}</button>
  </form>
</li>`,
  );
  return html`<ul class="drafts">${rows}</ul>`;
}

sessionsDesk.post("/end", async (c) => {
  const form = await deskForm(c, T.sessions, FORM_LIMIT);
  if (form instanceof Response) return form;
  const sid = String(form.get("sid") ?? "");
  const target = (await c.var.ops.sessions.list()).find((s) => s.sid === sid);
  if (!target) return c.redirect("/admin/sessions?ended=1", 303);
  await c.var.ops.sessions.end(target);
  await audit(c, `session:${sid}`, "session-ended", T.endedHistory(whoOf(target)));
  // Ending one's own session is signing out.
  if (sid === c.var.session.sid)
    return c.body(null, 303, { Location: "/admin?session=signed-out", "Set-Cookie": CLEARED_COOKIE });
  return c.redirect("/admin/sessions?ended=1", 303);
});
