import type { ContentService } from "@core/content/service";
import { scheduledReleases } from "@worker/content/d1/schedule";
import {
  recipientsOf,
  renderAnnouncement,
  resumeAnnouncement,
  startAnnouncement,
} from "@worker/mail/announcements";
import { followsOf, hasFollows } from "@worker/mail/audience";
import { describeMail, mailerFor } from "@worker/mail/port";
import type { AnnouncementSummary, Audience } from "@worker/ops/announcement-log";
import { Hono } from "hono";
import { announcementBody, type Candidate, composeBody, type Drop } from "./announcement-views";
import { deskForm, deskPage as page } from "./desk-page";
import { audit, type DeskContext, type DeskEnv, requireSession } from "./guard";
import { ANNOUNCE_TEXTS as T } from "./texts";
import { messageBody, type Notice } from "./views";

/**
 * /admin/announcements (docs/decisions/082-announcements.md): compose (subject, Markdown, items
 * from the recent catalogue as cards), preview, a test to one address, then the send to every
 * confirmed subscriber through the queue, with its progress read from the send log. Every POST
 * carries the session's CSRF token and must come from the desk's origin, like the review forms.
 */
export const announcementsDesk = new Hono<DeskEnv>();
announcementsDesk.use("*", requireSession("page"));

const FORM_LIMIT = { max: 64 * 1024, message: "The form is too large (at most 64 KB)." };

const absolute = (site: string, url: string | null) =>
  url ? new URL(url, `${site}/`).toString() : undefined;
const day = (iso: string) => iso.slice(0, 10);

/** What can go in an announcement: the newest posts, releases, mixtapes and the next events. */
async function candidates(content: ContentService): Promise<Candidate[]> {
  const site = content.siteUrl;
  const [posts, releases, mixtapes, events] = await Promise.all([
    content.catalogue.listPosts({ pageSize: 6 }),
    content.catalogue.listReleases({ pageSize: 4 }),
    content.catalogue.listMixtapes({ pageSize: 4 }),
    content.catalogue.listEvents(new Date()),
  ]);
  // One card: its kind, the item's address under `path`, what the card says and its picture, and
  // the artists and genres whose followers it concerns (docs/decisions/090-newsletter-picks.md).
  const card = (
    kind: string,
    path: string,
    item: { slug: string; artists?: { slug: string }[]; genres?: { slug: string }[] },
    title: string,
    subtitle?: string,
    image?: string | null,
  ) => ({
    key: `${kind.toLowerCase()}:${item.slug}`,
    kind,
    title,
    subtitle,
    url: `${site}/${path}/${item.slug}`,
    image: absolute(site, image ?? null),
    follows: {
      artists: (item.artists ?? []).map((a) => a.slug),
      genres: (item.genres ?? []).map((g) => g.slug),
    },
  });
  return [
    ...posts.items.map((p) => card("Post", "blog", p, p.title, p.excerpt.slice(0, 120), p.coverImage)),
    ...releases.items.map((r) =>
      card("Release", "releases", r, r.title, `${r.artist} · ${day(r.releaseDate)}`, r.artwork),
    ),
    ...mixtapes.items.map((m) =>
      card("Mixtape", "mixtapes", m, m.title, m.artist ?? undefined, m.coverImage),
    ),
    ...events.upcoming
      .slice(0, 4)
      .map((e) =>
        card(
          "Event",
          "events",
          { slug: e.slug, artists: e.lineupArtists },
          e.title,
          `${day(e.startsAt)} · ${e.venue}, ${e.city}`,
          e.coverImage,
        ),
      ),
  ];
}

async function subscriberCount(c: DeskContext): Promise<number> {
  return (await c.var.content.newsletter.admin?.countConfirmed()) ?? 0;
}

async function composePage(
  c: DeskContext,
  status: 200 | 400,
  message?: Notice,
  draft?: { subject: string; body: string; keys: string[]; audience: Audience },
) {
  const body = composeBody({
    csrf: c.var.csrf,
    candidates: await candidates(c.var.content),
    announcements: await c.var.ops.announcements.list(20, null),
    draft,
    message,
    subscribers: await subscriberCount(c),
  });
  return page(c, status, T.title, body);
}

announcementsDesk.get("/", (c) =>
  composePage(
    c,
    200,
    describeMail(c.env).announcements === "off" ? { kind: "error", text: T.mailOff } : undefined,
  ),
);

announcementsDesk.post("/", async (c) => {
  const form = await deskForm(c, T.title, FORM_LIMIT);
  if (form instanceof Response) return form;
  const subject = String(form.get("subject") ?? "")
    .trim()
    .slice(0, 200);
  const body = String(form.get("body") ?? "")
    .replace(/\r\n/g, "\n")
    .trim();
  const keys = form.getAll("item").map(String);
  const audienceField = String(form.get("audience") ?? "everyone");
  if (audienceField !== "everyone" && audienceField !== "followers")
    return composePage(c, 400, { kind: "error", text: T.badAudience });
  const audience: Audience = audienceField;
  const draft = { subject, body, keys, audience };
  if (!subject || !body) return composePage(c, 400, { kind: "error", text: T.missingFields }, draft);
  const picked = new Set(keys);
  const chosen = (await candidates(c.var.content)).filter((card) => picked.has(card.key));
  const follows = followsOf(chosen.map((card) => card.follows));
  if (audience === "followers" && !hasFollows(follows))
    return composePage(c, 400, { kind: "error", text: T.nothingToFollow }, draft);
  const items = chosen.map(({ key: _key, follows: _follows, ...card }) => card);
  const id = await c.var.ops.announcements.create({ subject, body, items }, { audience, follows });
  await audit(c, `announcement:${id}`, "written", T.historyWritten);
  return c.redirect(`/admin/announcements/${id}`, 303);
});

/** The announcement of the path with its progress, or the page that says there is none. */
async function announcementOf(c: DeskContext) {
  const id = Number(c.req.param("id"));
  const found = Number.isSafeInteger(id) && id > 0 ? await c.var.ops.announcements.get(id) : null;
  if (!found) return page(c, 404, T.title, messageBody(T.title, { kind: "error", text: T.notFound }));
  // Its own progress only: the send log of every other announcement is not read.
  const [summary] = await c.var.ops.announcements.list(1, id);
  if (!summary) return page(c, 404, T.title, messageBody(T.title, { kind: "error", text: T.notFound }));
  return { ...found, ...summary, items: found.items };
}

async function detailPage(c: DeskContext, status: 200 | 400 | 409 | 503, message?: Notice) {
  const found = await announcementOf(c);
  if (found instanceof Response) return found;
  const log = c.var.ops.announcements;
  const [failures, uncertain, history] = await Promise.all([
    log.listed(found.id, "failed"),
    log.listed(found.id, "uncertain"),
    c.var.ops.audit.of(`announcement:${found.id}`).catch((error: unknown) => {
      console.error("reading an announcement's history failed", error);
      return null;
    }),
  ]);
  let subscribers: number;
  try {
    // Only a draft needs the audience counted (in CMS mode, pages read from Strapi).
    subscribers =
      found.status === "draft" ? await recipientsOf(c.env).size(found.audience, found.follows) : 0;
  } catch (error) {
    console.error("counting an announcement's audience failed", error);
    return page(c, 503, found.subject, messageBody(found.subject, { kind: "error", text: T.storeDown }));
  }
  const body = announcementBody({
    csrf: c.var.csrf,
    announcement: found,
    failures,
    uncertain: uncertain.map((r) => r.email),
    subscribers,
    message,
    history,
    drop: await dropOf(c, found.withRelease),
  });
  return page(c, status, found.subject, body);
}

announcementsDesk.get("/:id{[0-9]+}", (c) => {
  const said = c.req.query("said");
  const message: Notice | undefined =
    said === "test"
      ? { kind: "ok", text: T.testSent(c.req.query("to") ?? "") }
      : said === "sending"
        ? { kind: "ok", text: T.started(Number(c.req.query("n") ?? 0)) }
        : undefined;
  return detailPage(c, 200, message);
});

/** The mail as a subscriber sees it, for a sample address (its own page: the mail's styles). */
announcementsDesk.get("/:id{[0-9]+}/preview", async (c) => {
  const found = await announcementOf(c);
  if (found instanceof Response) return found;
  const mail = renderAnnouncement(c.env, found, {
    email: "subscriber@example.com",
    unsubscribeToken: "0".repeat(32),
  });
  return c.html(mail.html, 200, {
    "Content-Security-Policy":
      "default-src 'none'; img-src 'self' https: data:; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'",
  });
});

/**
 * The release-day drop of a draft (docs/decisions/156-release-day-drops.md): the release it waits
 * for, and the scheduled releases it could wait for. Only the embedded store schedules releases
 * the Worker publishes; in CMS mode the drop is sent by hand.
 */
async function dropOf(c: DeskContext, withRelease: string | null): Promise<Drop> {
  if (c.env.CMS_URL || !c.env.DB) return { kind: "cms" };
  const scheduled = await scheduledReleases(c.env.DB).catch((error: unknown) => {
    console.error("reading the scheduled releases failed", error);
    return [];
  });
  return { kind: "embedded", waitingFor: withRelease, scheduled };
}

announcementsDesk.post("/:id{[0-9]+}/with-release", async (c) => {
  const form = await deskForm(c, T.title, FORM_LIMIT);
  if (form instanceof Response) return form;
  const found = await announcementOf(c);
  if (found instanceof Response) return found;
  if (found.status !== "draft") return detailPage(c, 409, { kind: "error", text: T.dropNotDraft });
  const slug = String(form.get("release") ?? "");
  if (!slug) {
    await c.var.ops.announcements.goWith(found.id, null);
    await audit(c, `announcement:${found.id}`, "drop", T.dropCancelled);
    return c.redirect(`/admin/announcements/${found.id}`, 303);
  }
  const release = (await scheduledReleases(c.env.DB)).find((r) => r.slug === slug);
  if (c.env.CMS_URL || !release) return detailPage(c, 400, { kind: "error", text: T.dropUnknownRelease });
  await c.var.ops.announcements.goWith(found.id, release.slug);
  await audit(c, `announcement:${found.id}`, "drop", T.dropSet(release.title, release.due));
  return c.redirect(`/admin/announcements/${found.id}`, 303);
});

announcementsDesk.post("/:id{[0-9]+}/test", async (c) => {
  const form = await deskForm(c, T.title, FORM_LIMIT);
  if (form instanceof Response) return form;
  const to = String(form.get("to") ?? "").trim();
  if (!/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(to))
    return detailPage(c, 400, { kind: "error", text: T.badTestAddress });
  const mailer = mailerFor(c.env);
  if (!mailer) return detailPage(c, 503, { kind: "error", text: T.mailOff });
  const found = await announcementOf(c);
  if (found instanceof Response) return found;
  try {
    const mail = renderAnnouncement(c.env, found, { email: to, unsubscribeToken: "0".repeat(32) });
    await mailer.send({ ...mail, subject: `[Test] ${mail.subject}` });
    await audit(c, `announcement:${found.id}`, "test", T.historyTest(to));
  } catch (error) {
    console.error("a test announcement failed", error);
    return detailPage(c, 503, { kind: "error", text: T.sendFailed });
  }
  return c.redirect(`/admin/announcements/${found.id}?said=test&to=${encodeURIComponent(to)}`, 303);
});

/**
 * The send and the resume: a checked form, mail on, the announcement found, then `queue` puts
 * its messages on the queue and the desk shows its progress.
 */
function queueing(queue: (c: DeskContext, found: AnnouncementSummary) => Promise<number>) {
  return async (c: DeskContext) => {
    const form = await deskForm(c, T.title, FORM_LIMIT);
    if (form instanceof Response) return form;
    if (describeMail(c.env).announcements === "off")
      return detailPage(c, 503, { kind: "error", text: T.mailOff });
    const found = await announcementOf(c);
    if (found instanceof Response) return found;
    let queued: number;
    try {
      queued = await queue(c, found);
    } catch (error) {
      if (error instanceof NobodyToSend) return detailPage(c, 409, { kind: "error", text: T.nobodyYet });
      console.error("queueing an announcement failed", error);
      return detailPage(c, 503, { kind: "error", text: T.queueFailed });
    }
    await audit(c, `announcement:${found.id}`, "sent", T.historySent(queued));
    return c.redirect(`/admin/announcements/${found.id}?said=sending&n=${queued}`, 303);
  };
}

/** A send whose audience is empty: nothing is started, the desk says why (409). */
class NobodyToSend extends Error {}

announcementsDesk.post(
  "/:id{[0-9]+}/send",
  queueing(async (c, found) => {
    const queued = await startAnnouncement(c.env, found.id);
    if (queued === null) throw new NobodyToSend();
    return queued;
  }),
);

announcementsDesk.post(
  "/:id{[0-9]+}/resume",
  queueing((c, found) =>
    found.status === "sending" ? resumeAnnouncement(c.env, found.id) : Promise.resolve(0),
  ),
);
