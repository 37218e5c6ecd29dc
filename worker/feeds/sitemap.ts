import type { CatalogueReader } from "@core/content/catalogue";
import { POST_CATEGORIES } from "@core/content/post";
import { STATIC_PAGES } from "@core/routes";
import { MAX_PAGE_SIZE } from "@worker/content/paging";
import { xmlEscape } from "./xml";

/**
 * /sitemap.xml is a sitemap index; its children /sitemaps/<kind>-<n>.xml list every published
 * URL, at most SITEMAP_URLS_PER_FILE each (the protocol allows 50,000). 10,000 keeps a child
 * to ten source pages of 1000 (MAX_PAGE_SIZE), which Strapi can serve within one request's
 * subrequest budget (docs/decisions/032-embedded-store-operations.md).
 */
export const SITEMAP_URLS_PER_FILE = 10_000;

export const SITEMAP_KINDS = ["pages", "posts", "mixtapes", "releases", "events", "artists"] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

interface Entry {
  path: string;
  lastmod?: string;
}

type Paged = "posts" | "mixtapes" | "releases" | "events" | "artists";

/** One source page of a kind's entries, and how many the kind has in all. */
async function pageOf(
  store: CatalogueReader,
  kind: Paged,
  page: number,
  pageSize: number,
): Promise<{ entries: Entry[]; total: number }> {
  const lean = { page, pageSize, lean: true };
  if (kind === "posts") {
    const { items, total } = await store.listPosts(lean);
    return { entries: items.map((p) => ({ path: `/blog/${p.slug}`, lastmod: p.date })), total };
  }
  if (kind === "mixtapes") {
    const { items, total } = await store.listMixtapes(lean);
    return { entries: items.map((m) => ({ path: `/mixtapes/${m.slug}`, lastmod: m.releaseDate })), total };
  }
  if (kind === "events") {
    const { items, total } = await store.pageEvents(lean);
    return { entries: items.map((e) => ({ path: `/events/${e.slug}` })), total };
  }
  if (kind === "artists") {
    const { items, total } = await store.listArtists(lean);
    return { entries: items.map((a) => ({ path: `/artists/${a.slug}` })), total };
  }
  const { items, total } = await store.listReleases(lean);
  return { entries: items.map((r) => ({ path: `/releases/${r.slug}`, lastmod: r.releaseDate })), total };
}

async function totalOf(store: CatalogueReader, kind: Paged): Promise<number> {
  if (kind === "posts") return (await store.listPosts({ pageSize: 1 })).total;
  if (kind === "mixtapes") return (await store.listMixtapes({ pageSize: 1 })).total;
  if (kind === "events") return (await store.pageEvents({ pageSize: 1, lean: true })).total;
  if (kind === "artists") return (await store.listArtists({ pageSize: 1, lean: true })).total;
  return (await store.listReleases({ pageSize: 1 })).total;
}

async function pages(store: CatalogueReader): Promise<Entry[]> {
  const [genres, locations, tags] = await Promise.all([
    store.listGenres(),
    store.listLocations(),
    store.listTags(),
  ]);
  return [
    ...STATIC_PAGES.map((path) => ({ path })),
    ...POST_CATEGORIES.map((c) => ({ path: `/blog/category/${c}` })),
    ...genres.map((g) => ({ path: `/blog/genre/${g.slug}` })),
    ...locations.map((l) => ({ path: `/blog/location/${l.slug}` })),
    ...tags.map((t) => ({ path: `/blog/tag/${encodeURIComponent(t)}` })),
  ];
}

/** The `n`th slice of `perFile` entries of one kind (n from 1). */
async function sliceOf(
  store: CatalogueReader,
  kind: SitemapKind,
  n: number,
  perFile: number,
): Promise<Entry[]> {
  const start = (n - 1) * perFile;
  if (kind === "pages") return (await pages(store)).slice(start, start + perFile);
  // Source pages that tile the slice exactly: perFile is a multiple of the page size.
  const pageSize = Math.min(perFile, MAX_PAGE_SIZE);
  if (perFile % pageSize !== 0) throw new Error(`sitemap files of ${perFile} URLs cannot be paged`);
  const first = start / pageSize + 1;
  // The first page tells how many there are: the file reads only the pages that hold entries
  // (a page past the end still costs its seek, bench/decisions/109-framework-floor-loads-modules-like-the-site.md).
  const head = await pageOf(store, kind, first, pageSize);
  const more = Math.min(perFile / pageSize, Math.ceil((head.total - start) / pageSize)) - 1;
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, more) }, (_, i) => pageOf(store, kind, first + 1 + i, pageSize)),
  );
  return [head, ...rest].flatMap((p) => p.entries);
}

const day = (date: string | undefined) =>
  date && !Number.isNaN(Date.parse(date)) ? new Date(date).toISOString().slice(0, 10) : null;

/** The child file names of the index, e.g. ["pages-1", "posts-1", "posts-2", ...]. */
export async function sitemapFiles(store: CatalogueReader, perFile = SITEMAP_URLS_PER_FILE) {
  const [pageCount, posts, mixtapes, releases, eventCount, artistCount] = await Promise.all([
    pages(store).then((p) => p.length),
    totalOf(store, "posts"),
    totalOf(store, "mixtapes"),
    totalOf(store, "releases"),
    totalOf(store, "events"),
    totalOf(store, "artists"),
  ]);
  const counts: Record<SitemapKind, number> = {
    pages: pageCount,
    posts,
    mixtapes,
    releases,
    events: eventCount,
    artists: artistCount,
  };
  return SITEMAP_KINDS.flatMap((kind) =>
    Array.from({ length: Math.ceil(counts[kind] / perFile) }, (_, i) => `${kind}-${i + 1}`),
  );
}

export async function sitemapIndexXml(
  store: CatalogueReader,
  siteUrl: string,
  perFile = SITEMAP_URLS_PER_FILE,
): Promise<string> {
  const files = await sitemapFiles(store, perFile);
  const items = files.map(
    (f) => `<sitemap><loc>${xmlEscape(`${siteUrl}/sitemaps/${f}.xml`)}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
}

/** `posts-2` → { kind: "posts", n: 2 }; null for a name that is no child file. */
export function parseSitemapFile(name: string): { kind: SitemapKind; n: number } | null {
  const match = name.match(/^([a-z]+)-([1-9]\d{0,5})\.xml$/);
  const kind = SITEMAP_KINDS.find((k) => k === match?.[1]);
  return kind && match ? { kind, n: Number(match[2]) } : null;
}

/** One child file; null when it has no URLs (past the last file of its kind). */
export async function sitemapChildXml(
  store: CatalogueReader,
  siteUrl: string,
  file: { kind: SitemapKind; n: number },
  perFile = SITEMAP_URLS_PER_FILE,
): Promise<string | null> {
  const entries = await sliceOf(store, file.kind, file.n, perFile);
  if (entries.length === 0) return null;
  const urls = entries.map(({ path, lastmod }) => {
    const date = day(lastmod);
    return `<url><loc>${xmlEscape(siteUrl + path)}</loc>${date ? `<lastmod>${date}</lastmod>` : ""}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  // /search is not disallowed: its results pages name /search as canonical (decision 008).
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}
