import type { CatalogueReader } from "@core/content/catalogue";
import type { Mixtape } from "@core/content/mixtape";
import { type Enclosure, enclosureFor, type RemoteSizer, remoteEnclosure } from "./enclosure";
import { xmlEscape } from "./xml";

const ITUNES = "http://www.itunes.com/dtds/podcast-1.0.dtd";

/** iTunes durations are H:MM:SS or MM:SS; the catalogue's "0:00" means unknown. */
function duration(mixtape: Mixtape): string {
  return mixtape.duration && mixtape.duration !== "0:00"
    ? `<itunes:duration>${mixtape.duration}</itunes:duration>`
    : "";
}

function item(m: Mixtape, enclosure: Enclosure, siteUrl: string, siteName: string): string {
  const link = `${siteUrl}/mixtapes/${m.slug}`;
  const image = m.coverImage
    ? `<itunes:image href="${xmlEscape(new URL(m.coverImage, `${siteUrl}/`).href)}"/>`
    : "";
  return [
    "<item>",
    `<title>${xmlEscape(m.title)}</title>`,
    `<link>${xmlEscape(link)}</link>`,
    `<guid isPermaLink="true">${xmlEscape(link)}</guid>`,
    `<pubDate>${new Date(m.releaseDate).toUTCString()}</pubDate>`,
    `<description>${xmlEscape(m.description)}</description>`,
    `<itunes:author>${xmlEscape(m.artist ?? siteName)}</itunes:author>`,
    image,
    duration(m),
    "<itunes:explicit>false</itunes:explicit>",
    `<enclosure url="${xmlEscape(enclosure.url)}" length="${enclosure.length}" type="${enclosure.type}"/>`,
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
): Promise<string> {
  const mixtapes = await store.listMixtapes({ pageSize: 100 });
  const episodes = await Promise.all(
    mixtapes.items.map(async (m) => {
      const enclosure =
        m.audio?.platform === "local" ? await enclosureFor(m.audio.url, siteUrl, media, remote) : null;
      return enclosure ? item(m, enclosure, siteUrl, siteName) : null;
    }),
  );
  const items = episodes.filter((e): e is string => e !== null);
  const title = `${siteName} Mixtapes`;
  const image = `${siteUrl}/media/covers/podcast.png`;
  const updated = mixtapes.items[0] ? new Date(mixtapes.items[0].releaseDate) : new Date(0);
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="${ITUNES}" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${xmlEscape(title)}</title>
<link>${xmlEscape(`${siteUrl}/mixtapes`)}</link>
<description>The ${xmlEscape(siteName)} mixtape series: long-form DJ mixes with full tracklists.</description>
<language>en</language>
<lastBuildDate>${updated.toUTCString()}</lastBuildDate>
<atom:link href="${xmlEscape(`${siteUrl}/mixtapes/feed.xml`)}" rel="self" type="application/rss+xml"/>
<itunes:author>${xmlEscape(siteName)}</itunes:author>
<itunes:image href="${xmlEscape(image)}"/>
<itunes:category text="Music"/>
<itunes:explicit>false</itunes:explicit>
<itunes:type>episodic</itunes:type>
${items.join("\n")}
</channel>
</rss>
`;
}
