import { chaptersOf, jsonChapters } from "@core/content/chapters";
import { askedByFormerSlug } from "@core/content/renamed";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../app-env";
import { NO_STORE } from "../cache/cache-control";
import { type RemoteSizer, remoteEnclosure } from "./enclosure";
import { artistFeedXml, genreFeedXml } from "./follow";
import { eventIcs, upcomingIcs } from "./ics";
import { podcastXml } from "./podcast";
import { rssXml } from "./rss";
import { parseSitemapFile, robotsTxt, sitemapChildXml, sitemapIndexXml } from "./sitemap";

/**
 * The feeds programs read: robots.txt, the sitemap index and its files, RSS, the mixtapes'
 * podcast and the events' calendars (docs/decisions/030-queue-feeds-demo.md,
 * docs/decisions/032-embedded-store-operations.md).
 */
export const feeds = new Hono<AppEnv>();

const FEED_CACHE = "public, max-age=300, stale-while-revalidate=3600";

/**
 * The 301 from a file's address under a slug its item had before to the one under its slug now,
 * the query string kept (docs/decisions/151-renamed-slugs-redirect.md), like an artist feed's.
 */
function movedTo(c: Context<AppEnv>, path: string, headers: Record<string, string> = {}) {
  const response = c.redirect(`${path}${new URL(c.req.url).search}`, 301);
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

// A feed built from a failed source would be a valid but empty feed: a reader would drop every
// item it holds, a crawler every page. It gets the feeds' 503 instead (docs/product.md section 8).
const feedUnavailable = (c: Context<AppEnv>) =>
  c.text("This feed is unavailable right now. Please try again in a moment.", 503, {
    "Cache-Control": NO_STORE,
    "Retry-After": "30",
  });

/**
 * A sitemap built while the source was failing would drop URLs from search engines: the answer
 * is then the feeds' 503 (docs/product.md section 8).
 */
function sitemapAnswer(c: Context<AppEnv>, xml: string | null) {
  if (c.var.content.sourceFailed()) return feedUnavailable(c);
  if (xml === null) return c.text("Not found", 404, { "Cache-Control": "public, max-age=300" });
  return c.body(xml, 200, { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": FEED_CACHE });
}

feeds.get("/robots.txt", (c) =>
  c.text(robotsTxt(c.var.content.siteUrl), 200, { "Cache-Control": "public, max-age=86400" }),
);

feeds.get("/sitemap.xml", async (c) => {
  const { catalogue, siteUrl } = c.var.content;
  return sitemapAnswer(c, await sitemapIndexXml(catalogue, siteUrl));
});

feeds.get("/sitemaps/:file", async (c) => {
  const file = parseSitemapFile(c.req.param("file"));
  if (!file) return c.notFound();
  const { catalogue, siteUrl } = c.var.content;
  return sitemapAnswer(c, await sitemapChildXml(catalogue, siteUrl, file));
});

feeds.get("/rss.xml", async (c) => {
  const { catalogue, siteUrl, siteName, sourceFailed } = c.var.content;
  const xml = await rssXml(catalogue, siteUrl, siteName);
  if (sourceFailed()) return feedUnavailable(c);
  return c.body(xml, 200, {
    "Content-Type": "application/rss+xml; charset=utf-8",
    "Cache-Control": FEED_CACHE,
  });
});

feeds.get("/mixtapes/feed.xml", async (c) => {
  const { catalogue, siteUrl, siteName, sourceFailed } = c.var.content;
  // A CMS-hosted mix's size goes through the content cache, not a HEAD per mixtape per render;
  // it is refreshed with the mixtapes group (a webhook for a changed mixtape purges it).
  const remote: RemoteSizer = (url, type) =>
    c.var.contentCache.cached("mixtapes", `enclosure:${url}`, () => remoteEnclosure(url, type));
  const { PODCAST_OWNER_NAME: name, PODCAST_OWNER_EMAIL: email } = c.env;
  const owner = name?.trim() && email?.trim() ? { name, email } : undefined;
  const xml = await podcastXml(catalogue, siteUrl, siteName, c.env.MEDIA, remote, owner);
  if (sourceFailed()) return feedUnavailable(c);
  return c.body(xml, 200, {
    "Content-Type": "application/rss+xml; charset=utf-8",
    "Cache-Control": FEED_CACHE,
  });
});

/** Sizes of files on another host through the content cache (see /mixtapes/feed.xml). */
const cachedSizer =
  (c: Context<AppEnv>, group: "artists" | "posts"): RemoteSizer =>
  (url, type) =>
    c.var.contentCache.cached(group, `enclosure:${url}`, () => remoteEnclosure(url, type));

const RSS_HEADERS = { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": FEED_CACHE };

// The feeds to follow an artist or a genre (docs/decisions/077-follow-feeds.md).
feeds.get("/artists/:slug/feed.xml", async (c) => {
  const { catalogue, siteUrl, siteName, sourceFailed } = c.var.content;
  const slug = c.req.param("slug");
  const artist = await catalogue.getArtist(slug);
  if (sourceFailed()) return feedUnavailable(c);
  if (!artist) return c.text("Artist not found", 404, { "Cache-Control": "public, max-age=300" });
  if (artist.slug !== slug) return c.redirect(`/artists/${artist.slug}/feed.xml`, 301);
  const work = await catalogue.getArtistWork(artist.id, {}, new Date());
  const xml = await artistFeedXml(
    artist,
    work,
    { siteUrl, siteName },
    c.env.MEDIA,
    cachedSizer(c, "artists"),
  );
  if (sourceFailed()) return feedUnavailable(c);
  return c.body(xml, 200, RSS_HEADERS);
});

feeds.get("/blog/genre/:slug/feed.xml", async (c) => {
  const { catalogue, siteUrl, siteName, sourceFailed } = c.var.content;
  const site = { siteUrl, siteName };
  const xml = await genreFeedXml(catalogue, c.req.param("slug"), site, c.env.MEDIA, cachedSizer(c, "posts"));
  if (sourceFailed()) return feedUnavailable(c);
  if (xml === null) return c.text("Genre not found", 404, { "Cache-Control": "public, max-age=300" });
  return c.body(xml, 200, RSS_HEADERS);
});

feeds.get("/events.ics", async (c) => {
  const { catalogue, siteUrl, siteName, sourceFailed } = c.var.content;
  const now = new Date();
  const { upcoming } = await catalogue.listEvents(now);
  if (sourceFailed()) return feedUnavailable(c);
  return c.body(upcomingIcs(upcoming, siteUrl, siteName, now), 200, {
    "Content-Type": "text/calendar; charset=utf-8",
    "Cache-Control": FEED_CACHE,
  });
});

feeds.get("/events/:file{.+\\.ics}", async (c) => {
  const { catalogue, siteUrl } = c.var.content;
  const id = c.req.param("file").replace(/\.ics$/, "");
  const event = await catalogue.getEvent(id);
  if (!event && c.var.content.sourceFailed())
    return c.text("Events are unavailable right now. Please try again in a moment.", 503, {
      "Retry-After": "30",
    });
  if (!event) return c.text("Event not found", 404);
  if (askedByFormerSlug(id, event)) return movedTo(c, `/events/${event.slug}.ics`);
  return c.body(eventIcs(event, siteUrl, new Date()), 200, {
    "Content-Type": "text/calendar; charset=utf-8",
    "Content-Disposition": `attachment; filename="${event.slug}.ics"`,
    "Cache-Control": FEED_CACHE,
  });
});

// A mix's chapters in Podcastindex's JSON chapters format, for the podcast feed's
// `podcast:chapters` (docs/decisions/062). Podcast apps and web players on other sites fetch it
// from their own origin: it answers with CORS.
feeds.get("/mixtapes/:slug/chapters.json", async (c) => {
  const { catalogue, sourceFailed } = c.var.content;
  const asked = c.req.param("slug");
  const mixtape = await catalogue.getMixtape(asked);
  if (sourceFailed()) return feedUnavailable(c);
  const cors = { "Access-Control-Allow-Origin": "*" };
  // A player on another origin follows the redirect only if it too answers with CORS.
  if (mixtape && askedByFormerSlug(asked, mixtape))
    return movedTo(c, `/mixtapes/${mixtape.slug}/chapters.json`, cors);
  // A mix without cues has a file with no chapters, so the player can ask for any mix's.
  const chapters = mixtape ? chaptersOf(mixtape.tracklist) : null;
  if (!chapters)
    return c.json({ error: "No mixtape at that address" }, 404, {
      ...cors,
      "Cache-Control": "public, max-age=300",
    });
  return c.body(jsonChapters(chapters), 200, {
    ...cors,
    "Content-Type": "application/json+chapters; charset=utf-8",
    "Cache-Control": FEED_CACHE,
  });
});
