import type { Artist, ArtistWork } from "@core/content/artist";
import type { CatalogueReader } from "@core/content/catalogue";
import { firstParagraphText } from "@core/content/document";
import { documentHtml } from "@core/content/document-html";
import type { Mixtape } from "@core/content/mixtape";
import type { Post } from "@core/content/post";
import type { Release } from "@core/content/release";
import { type Enclosure, enclosureFor, type RemoteSizer } from "./enclosure";
import { guidXml } from "./guid";
import { xmlEscape } from "./xml";

/**
 * The feeds to follow an artist (/artists/{slug}/feed.xml) or a genre
 * (/blog/genre/{slug}/feed.xml): RSS 2.0 with each item's full text as HTML in
 * content:encoded and its audio as an enclosure when the file's length is known
 * (docs/decisions/077-follow-feeds.md).
 */

/** How many items a follow feed carries, newest first. */
export const FOLLOW_FEED_ITEMS = 30;

interface FeedItem {
  title: string;
  path: string;
  /** The item's guid (./guid.ts): its list's path and the item. */
  guid: [base: string, item: { slug: string; firstSlug?: string }];
  date: string;
  summary: string;
  /** The full text as HTML, site paths made absolute on the site's URL. */
  html: (siteUrl: string) => string;
  /** An audio file of the site or the CMS, when the item has one. */
  audio: string | null;
  categories: string[];
}

/** A playable file (an MP3 or other audio of the site or a CMS), not a streaming page. */
const fileOf = (url: string | null | undefined, platform?: string | null) =>
  url && (platform === "local" || platform === null || platform === undefined) ? url : null;

function postItem(p: Post): FeedItem {
  return {
    title: p.artist ? `${p.artist}: ${p.title}` : p.title,
    path: `/blog/${p.slug}`,
    guid: ["/blog", p],
    date: p.date,
    summary: p.excerpt,
    html: (siteUrl) => documentHtml(p.content, siteUrl),
    audio: p.audio && p.audio.platform === "local" ? p.audio.url : null,
    categories: p.genres.map((g) => g.name),
  };
}

function releaseItem(r: Release): FeedItem {
  const lead = r.tracks.find((t) => t.isPrimary) ?? r.tracks[0];
  const tracks = r.tracks
    .map(
      (t) =>
        `<li>${xmlEscape(t.title)}${t.artist && t.artist !== r.artist ? ` (${xmlEscape(t.artist)})` : ""}</li>`,
    )
    .join("");
  return {
    title: `${r.artist} – ${r.title}`,
    path: `/releases/${r.slug}`,
    guid: ["/releases", r],
    date: r.releaseDate,
    summary: firstParagraphText(r.description),
    html: (siteUrl) => `${documentHtml(r.description, siteUrl)}${tracks ? `<ol>${tracks}</ol>` : ""}`,
    audio: fileOf(lead?.audioUrl, lead?.audioPlatform),
    categories: [r.releaseType],
  };
}

function mixtapeItem(m: Mixtape): FeedItem {
  const tracks = m.tracklist.map((t) => `<li>${xmlEscape(t.artist)} – ${xmlEscape(t.title)}</li>`).join("");
  return {
    title: m.title,
    path: `/mixtapes/${m.slug}`,
    guid: ["/mixtapes", m],
    date: m.releaseDate,
    summary: firstParagraphText(m.description),
    html: (siteUrl) => `${documentHtml(m.description, siteUrl)}${tracks ? `<ol>${tracks}</ol>` : ""}`,
    audio: m.audio ? fileOf(m.audio.url, m.audio.platform) : null,
    categories: m.genres.map((g) => g.name),
  };
}

async function itemXml(item: FeedItem, siteUrl: string, size: (url: string) => Promise<Enclosure | null>) {
  const link = `${siteUrl}${item.path}`;
  const enclosure = item.audio ? await size(item.audio) : null;
  return [
    "<item>",
    `<title>${xmlEscape(item.title)}</title>`,
    `<link>${xmlEscape(link)}</link>`,
    guidXml(siteUrl, ...item.guid),
    `<pubDate>${new Date(item.date).toUTCString()}</pubDate>`,
    `<description>${xmlEscape(item.summary)}</description>`,
    `<content:encoded>${xmlEscape(item.html(siteUrl))}</content:encoded>`,
    ...item.categories.map((c) => `<category>${xmlEscape(c)}</category>`),
    enclosure
      ? `<enclosure url="${xmlEscape(enclosure.url)}" length="${enclosure.length}" type="${xmlEscape(enclosure.type)}"/>`
      : "",
    "</item>",
  ].join("");
}

interface Channel {
  title: string;
  path: string;
  feedPath: string;
  description: string;
}

async function feedXml(
  channel: Channel,
  items: FeedItem[],
  siteUrl: string,
  media: R2Bucket | undefined,
  remote: RemoteSizer | undefined,
): Promise<string> {
  const newest = [...items]
    .sort((a, b) => Date.parse(b.date) - Date.parse(a.date))
    .slice(0, FOLLOW_FEED_ITEMS);
  const size = (url: string) => enclosureFor(url, siteUrl, media, remote);
  const body = await Promise.all(newest.map((item) => itemXml(item, siteUrl, size)));
  const updated = newest[0] ? new Date(newest[0].date).toUTCString() : new Date(0).toUTCString();
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel>
<title>${xmlEscape(channel.title)}</title>
<link>${xmlEscape(`${siteUrl}${channel.path}`)}</link>
<description>${xmlEscape(channel.description)}</description>
<language>en</language>
<lastBuildDate>${updated}</lastBuildDate>
<atom:link href="${xmlEscape(`${siteUrl}${channel.feedPath}`)}" rel="self" type="application/rss+xml"/>
${body.join("\n")}
</channel>
</rss>
`;
}

/** The artist's posts, releases and mixtapes (the first page of each), newest first. */
export function artistFeedXml(
  artist: Artist,
  work: ArtistWork,
  site: { siteUrl: string; siteName: string },
  media?: R2Bucket,
  remote?: RemoteSizer,
): Promise<string> {
  const path = `/artists/${artist.slug}`;
  const items = [
    ...work.posts.items.map(postItem),
    ...work.releases.items.map(releaseItem),
    ...work.mixtapes.items.map(mixtapeItem),
  ];
  return feedXml(
    {
      title: `${artist.name} on ${site.siteName}`,
      path,
      feedPath: `${path}/feed.xml`,
      description: `Posts, releases and mixes with ${artist.name} on ${site.siteName}.`,
    },
    items,
    site.siteUrl,
    media,
    remote,
  );
}

/** The genre's latest posts, or null when there is no such genre. */
export async function genreFeedXml(
  catalogue: CatalogueReader,
  slug: string,
  site: { siteUrl: string; siteName: string },
  media?: R2Bucket,
  remote?: RemoteSizer,
): Promise<string | null> {
  const [genres, posts] = await Promise.all([
    catalogue.listGenres(),
    catalogue.listPosts({ genres: [slug], pageSize: FOLLOW_FEED_ITEMS }),
  ]);
  const genre = genres.find((g) => g.slug === slug);
  if (!genre) return null;
  const path = `/blog/genre/${slug}`;
  return feedXml(
    {
      title: `${genre.name} on ${site.siteName}`,
      path,
      feedPath: `${path}/feed.xml`,
      description: `The latest ${genre.name} posts on ${site.siteName}.`,
    },
    posts.items.map(postItem),
    site.siteUrl,
    media,
    remote,
  );
}
