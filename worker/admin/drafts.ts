import { PREVIEW_HOURS, previewLink, previewPath } from "@core/content/preview";
import { usableToken } from "@worker/config";
import { type DraftEntry, listDrafts } from "@worker/content/d1/drafts";
import { Hono } from "hono";
import { html } from "hono/html";
import { deskPage as page } from "./desk-page";
import { type DeskEnv, requireSession } from "./guard";
import { DRAFT_TEXTS as T } from "./texts";
import { type Html, notice } from "./views";

/**
 * /admin/drafts (docs/decisions/154-signed-preview-links.md): the embedded store's drafts, each with
 * a preview link made for the operator who asked (a day long), so a draft is seen as its page
 * before anyone else sees it. In CMS mode Strapi's own Preview button does this.
 */
export const draftsDesk = new Hono<DeskEnv>();
draftsDesk.use("*", requireSession("page"));

draftsDesk.get("/", async (c) => {
  if (c.env.CMS_URL) return page(c, 200, T.title, body(notice({ kind: "ok", text: T.inCms })));
  const secret = usableToken(c.env.PREVIEW_SECRET);
  const drafts = await listDrafts(c.env.DB);
  const site = new URL(c.req.url).origin;
  const expires = Date.now() + PREVIEW_HOURS * 3600_000;
  const rows = await Promise.all(
    drafts.map(async (d) => {
      const path = previewPath(d.kind, d.slug);
      return { ...d, link: secret ? await previewLink(site, secret, path, expires) : undefined };
    }),
  );
  const intro = secret
    ? notice({ kind: "ok", text: T.intro(PREVIEW_HOURS) })
    : notice({ kind: "error", text: T.noSecret });
  return page(c, 200, T.title, body(html`${intro}${list(rows)}`));
});

const body = (inner: Html | "") => html`<h1>${T.title}</h1>${inner}`;

function list(rows: Array<DraftEntry & { link?: string }>): Html {
  if (!rows.length) return html`<p>${T.none}</p>`;
  const items = rows.map(
    (d) => html`<li>
      <span class="kind">${T.kinds[d.kind]}</span>
      <strong>${d.title}</strong>
      ${d.due ? html`<span class="hint">${T.scheduled(d.due)}</span>` : ""}
      ${d.link ? html`<a class="button quiet" href="${d.link}" aria-label="${T.previewOf(d.title)}">${T.preview}</a>` : ""}
    </li>`,
  );
  return html`<ul class="drafts">${items}</ul>`;
}
