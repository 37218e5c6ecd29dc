import { type CatalogueReader, POST_CATEGORIES } from "@core/content/types";
import { STATIC_PAGES } from "@core/routes";
import { xmlEscape } from "./xml";

/** Every published URL of the site (posts, taxonomies, mixtapes, releases, events). */
export async function sitemapXml(store: CatalogueReader, siteUrl: string, now: Date): Promise<string> {
  const [posts, genres, locations, tags, mixtapes, releases, events] = await Promise.all([
    store.listPosts({ pageSize: 1000 }),
    store.listGenres(),
    store.listLocations(),
    store.listTags(),
    store.listMixtapes({ pageSize: 1000 }),
    store.listReleases({ pageSize: 1000 }),
    store.listEvents(now),
  ]);
  const entries: Array<{ path: string; lastmod?: string }> = [
    ...STATIC_PAGES.map((path) => ({ path })),
    ...POST_CATEGORIES.map((c) => ({ path: `/blog/category/${c}` })),
    ...posts.items.map((p) => ({ path: `/blog/${p.slug}`, lastmod: p.date })),
    ...genres.map((g) => ({ path: `/blog/genre/${g.slug}` })),
    ...locations.map((l) => ({ path: `/blog/location/${l.slug}` })),
    ...tags.map((t) => ({ path: `/blog/tag/${encodeURIComponent(t)}` })),
    ...mixtapes.items.map((m) => ({ path: `/mixtapes/${m.slug}`, lastmod: m.releaseDate })),
    ...releases.items.map((r) => ({ path: `/releases/${r.slug}`, lastmod: r.releaseDate })),
    ...[...events.upcoming, ...events.past].map((e) => ({ path: `/events/${e.slug}` })),
  ];
  const urls = entries
    .map(({ path, lastmod }) => {
      const date =
        lastmod && !Number.isNaN(Date.parse(lastmod)) ? new Date(lastmod).toISOString().slice(0, 10) : null;
      return `<url><loc>${xmlEscape(siteUrl + path)}</loc>${date ? `<lastmod>${date}</lastmod>` : ""}</url>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  // /search is not disallowed: its results pages name /search as canonical (decision 008).
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}
