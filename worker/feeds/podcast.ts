import type { CatalogueReader } from "@core/content/catalogue";
import { chaptersOf } from "@core/content/chapters";
import { documentText } from "@core/content/document";
import { documentHtml } from "@core/content/document-html";
import type { Mixtape } from "@core/content/mixtape";
import { type Enclosure, enclosureFor, type RemoteSizer, remoteEnclosure } from "./enclosure";
import { guidXml } from "./guid";
import { PODCAST_ART } from "./podcast-art";
import { podcastGuid } from "./podcast-guid";
import { xmlEscape } from "./xml";

const ITUNES = "http://www.itunes.com/dtds/podcast-1.0.dtd";
const PODCAST = "https://podcastindex.org/namespace/1.0";

/** Who answers for the feed in the directories (docs/configuration.md: PODCAST_OWNER_*). */
export interface PodcastOwner {
  name: string;
  email: string;
}

/**
 * An episode's art as the directories take it: PNG or JPEG (Apple: 1400 to 3000 px, square). The
 * site's SVG covers have a PNG rendition (scripts/podcast-art.ts); other SVGs and unknown types
 * have none, and the episode shows the channel's art.
 */
export function episodeArt(cover: string | null | undefined): string | null {
  if (!cover) return null;
  if (PODCAST_ART.has(cover))
    return cover.replace(/^\/media\/covers\/(.+)\.svg$/, "/media/covers/podcast/$1.png");
  return /\.(png|jpe?g)(\?.*)?$/i.test(cover) ? cover : null;
}

/**
 * iTunes durations are H:MM:SS, MM:SS or seconds; the catalogue's "0:00" means unknown. A CMS
 * field holds any text, so anything else is left out rather than written into the feed.
 */
function duration(mixtape: Mixtape): string {
  const text = mixtape.duration?.trim() ?? "";
  return /^(?:\d{1,3}:)?\d{1,2}:\d{2}$|^\d{1,6}$/.test(text) && text !== "0:00"
    ? `<itunes:duration>${text}</itunes:duration>`
    : "";
}

/** The cues of a mix ("00:05 Artist – Title"), which podcast apps show as text. */
const cuesOf = (m: Mixtape) =>
  m.tracklist.filter((t) => t.time).map((t) => `${t.time} ${t.artist} – ${t.title}`);

/** The mix's description as text, then its cues. */
function describeEpisode(m: Mixtape): string {
  const text = documentText(m.description);
  const cues = cuesOf(m);
  return cues.length ? `${text}${text ? "\n\n" : ""}Tracklist:\n${cues.join("\n")}` : text;
}

/**
 * The same as HTML (content:encoded, which Apple Podcasts and most apps show in place of the
 * text): the description's links, headings and lists as the page has them, then the cues.
 */
function describeEpisodeHtml(m: Mixtape, siteUrl: string): string {
  const cues = cuesOf(m).map((cue) => `<li>${xmlEscape(cue)}</li>`);
  return `${documentHtml(m.description, siteUrl)}${cues.length ? `<p>Tracklist:</p><ol>${cues.join("")}</ol>` : ""}`;
}

function item(m: Mixtape, episode: number, enclosure: Enclosure, siteUrl: string, siteName: string): string {
  const link = `${siteUrl}/mixtapes/${m.slug}`;
  const art = episodeArt(m.coverImage);
  const image = art ? `<itunes:image href="${xmlEscape(new URL(art, `${siteUrl}/`).href)}"/>` : "";
  return [
    "<item>",
    `<title>${xmlEscape(m.title)}</title>`,
    `<link>${xmlEscape(link)}</link>`,
    guidXml(siteUrl, "/mixtapes", m),
    `<pubDate>${new Date(m.releaseDate).toUTCString()}</pubDate>`,
    `<description>${xmlEscape(describeEpisode(m))}</description>`,
    `<content:encoded>${xmlEscape(describeEpisodeHtml(m, siteUrl))}</content:encoded>`,
    `<itunes:author>${xmlEscape(m.artist ?? siteName)}</itunes:author>`,
    `<itunes:episode>${episode}</itunes:episode>`,
    "<itunes:episodeType>full</itunes:episodeType>",
    image,
    chaptersOf(m.tracklist).length
      ? `<podcast:chapters url="${xmlEscape(`${link}/chapters.json`)}" type="application/json+chapters"/>`
      : "",
    duration(m),
    "<itunes:explicit>false</itunes:explicit>",
    `<enclosure url="${xmlEscape(enclosure.url)}" length="${enclosure.length}" type="${xmlEscape(enclosure.type)}"/>`,
    "</item>",
  ].join("");
}

/**
 * The mixtape podcast (docs/product.md section 2, /mixtapes/feed.xml): RSS 2.0 with the iTunes
 * tags, one episode per published mixtape with its own audio file. Mixes that play from
 * SoundCloud or YouTube have no file a podcast app could download, so they are not episodes.
 * `remote` sizes files on other hosts (CMS uploads); the route caches it.
 */
export async function podcastXml(
  store: CatalogueReader,
  siteUrl: string,
  siteName: string,
  media?: R2Bucket,
  remote: RemoteSizer = remoteEnclosure,
  owner?: PodcastOwner,
): Promise<string> {
  const mixtapes = await store.listMixtapes({ pageSize: 100 });
  const episodes = await Promise.all(
    mixtapes.items.map(async (m, i) => {
      const enclosure =
        m.audio?.platform === "local" ? await enclosureFor(m.audio.url, siteUrl, media, remote) : null;
      // Numbered in release order over the whole series (newest first here): a mix added later
      // takes the next number, and those before it keep theirs.
      return enclosure ? item(m, mixtapes.total - i, enclosure, siteUrl, siteName) : null;
    }),
  );
  const items = episodes.filter((e): e is string => e !== null);
  const title = `${siteName} Mixtapes`;
  const image = `${siteUrl}/media/covers/podcast.png`;
  const updated = mixtapes.items[0] ? new Date(mixtapes.items[0].releaseDate) : new Date(0);
  const feedUrl = `${siteUrl}/mixtapes/feed.xml`;
  const ownerXml = owner
    ? `<itunes:owner><itunes:name>${xmlEscape(owner.name)}</itunes:name><itunes:email>${xmlEscape(owner.email)}</itunes:email></itunes:owner>
<podcast:locked owner="${xmlEscape(owner.email)}">yes</podcast:locked>`
    : "<podcast:locked>yes</podcast:locked>";
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="${ITUNES}" xmlns:podcast="${PODCAST}" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel>
<title>${xmlEscape(title)}</title>
<link>${xmlEscape(`${siteUrl}/mixtapes`)}</link>
<description>The ${xmlEscape(siteName)} mixtape series: long-form DJ mixes with full tracklists.</description>
<language>en</language>
<lastBuildDate>${updated.toUTCString()}</lastBuildDate>
<atom:link href="${xmlEscape(feedUrl)}" rel="self" type="application/rss+xml"/>
<podcast:guid>${await podcastGuid(feedUrl)}</podcast:guid>
<itunes:author>${xmlEscape(siteName)}</itunes:author>
${ownerXml}
<itunes:image href="${xmlEscape(image)}"/>
<itunes:category text="Music"/>
<itunes:explicit>false</itunes:explicit>
<itunes:type>episodic</itunes:type>
${items.join("\n")}
</channel>
</rss>
`;
}
