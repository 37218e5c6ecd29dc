import type { CatalogueReader } from "@core/content/catalogue";
import { guidXml } from "./guid";
import { xmlEscape } from "./xml";

/** RSS 2.0 feed of the latest 30 posts. */
export async function rssXml(store: CatalogueReader, siteUrl: string, siteName: string): Promise<string> {
  const posts = await store.listPosts({ pageSize: 30 });
  const items = posts.items
    .map((p) => {
      const link = `${siteUrl}/blog/${p.slug}`;
      const title = p.artist ? `${p.artist}: ${p.title}` : p.title;
      const categories = p.genres.map((g) => `<category>${xmlEscape(g.name)}</category>`).join("");
      return `<item><title>${xmlEscape(title)}</title><link>${xmlEscape(link)}</link>${guidXml(siteUrl, "/blog", p)}<pubDate>${new Date(p.date).toUTCString()}</pubDate><description>${xmlEscape(p.excerpt)}</description>${categories}</item>`;
    })
    .join("\n");
  const updated = posts.items[0] ? new Date(posts.items[0].date).toUTCString() : new Date(0).toUTCString();
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${xmlEscape(siteName)}</title>
<link>${xmlEscape(`${siteUrl}/`)}</link>
<description>Premieres, interviews, mixtapes and label releases from ${xmlEscape(siteName)}.</description>
<language>en</language>
<lastBuildDate>${updated}</lastBuildDate>
<atom:link href="${xmlEscape(`${siteUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>
${items}
</channel>
</rss>
`;
}
