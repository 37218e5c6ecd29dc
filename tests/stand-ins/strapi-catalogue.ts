/**
 * A small catalogue in Strapi 5 REST shapes (worker/content/strapi/shapes.ts) for the stand-in
 * CMS of tests/stand-ins/switchable-cms.ts: one item per kind the routes need, with the slugs
 * the fault lane visits (docs/faults.md "From outside").
 */
const taxon = (id: number, name: string, slug: string, type?: string) => ({
  id,
  documentId: `tx${id}`,
  name,
  slug,
  ...(type ? { type } : {}),
});

const TECHNO = taxon(1, "Techno", "techno");
const HOUSE = taxon(2, "House", "house");
const BERLIN = taxon(3, "Berlin", "berlin", "city");

/** Texts the lane looks for on healthy pages. */
export const CATALOGUE_TEXT = {
  review: "Vinyl Weather review",
  news: "Warehouse Hours announced",
  aggregated: "Elsewhere: a Berlin night",
  mixtape: "Basement Tapes Vol. 3",
  release: "Signal Path EP",
  event: "Crossfade Night Berlin",
  artist: "Mira Lenz",
} as const;

/** An artist (worker/content/strapi/artists.ts), linked from the review. */
const MIRA = { id: 1, documentId: "a1", slug: "mira-lenz", name: CATALOGUE_TEXT.artist };
export const ARTISTS = [
  {
    ...MIRA,
    kind: "person",
    bio: "Mira Lenz records rain.",
    image: null,
    location: BERLIN,
    genres: [TECHNO],
    links: [{ platform: "bandcamp", custom_platform_name: null, url: "https://miralenz.bandcamp.com/" }],
  },
];

export const POSTS = [
  {
    id: 1,
    documentId: "p1",
    title: CATALOGUE_TEXT.review,
    slug: "vinyl-weather-review",
    artist_name: "Mira Lenz",
    artists: [MIRA],
    excerpt: "A record that sounds like rain on a tin roof.",
    content: [
      { type: "paragraph", children: [{ type: "text", text: "Six tracks pressed on heavy vinyl." }] },
    ],
    postDate: "2026-05-02T10:00:00.000Z",
    publishedAt: "2026-05-02T10:00:00.000Z",
    category: "reviews",
    tags: [{ name: "vinyl" }],
    genres: [TECHNO],
    locations: [BERLIN],
    coverImage: null,
    is_featured: true,
    audio_platform: null,
    primary_audio_url: null,
    audio_file: null,
    track_title: null,
  },
  {
    id: 2,
    documentId: "p2",
    title: CATALOGUE_TEXT.news,
    slug: "warehouse-hours-announced",
    artist_name: null,
    excerpt: "A new monthly night by the river.",
    content: "The first night is in June.",
    postDate: "2026-04-20T10:00:00.000Z",
    publishedAt: "2026-04-20T10:00:00.000Z",
    category: "news",
    tags: [{ name: "nights" }],
    genres: [HOUSE],
    locations: [],
    coverImage: null,
    is_featured: false,
    audio_platform: null,
    primary_audio_url: null,
    audio_file: null,
    track_title: null,
  },
];

export const AGGREGATED = [
  {
    id: 1,
    documentId: "a1",
    original_url: "https://elsewhere.example/berlin-night",
    title: CATALOGUE_TEXT.aggregated,
    artist_name: null,
    excerpt: "Notes from a long night.",
    published_date: "2026-03-01T10:00:00.000Z",
    featured_image: null,
    genres: [TECHNO],
    locations: [BERLIN],
    audio: null,
    audio_file: null,
  },
];

export const MIXTAPES = [
  {
    id: 1,
    documentId: "m1",
    slug: "basement-tapes-vol-3",
    title: CATALOGUE_TEXT.mixtape,
    artist_name: "DJ Ostkreuz",
    release_date: "2026-04-01",
    coverImage: null,
    description: "Ninety minutes of late-night techno.",
    tracklist: ["Opening", "Closing"],
    duration: "90:00",
    track_count: 2,
    download_url: null,
    external_audio_url: null,
    audio_file: null,
    audio_platform: null,
    genres: [TECHNO],
    is_featured: true,
  },
];

export const RELEASES = [
  {
    id: 1,
    documentId: "r1",
    slug: "signal-path-ep",
    title: CATALOGUE_TEXT.release,
    artist_name: "Mira Lenz",
    release_date: "2026-02-14",
    artwork: null,
    release_type: "EP",
    total_duration: "24:10",
    description: "Four tracks for the small hours.",
    credits: null,
    catalog_number: "CF-007",
    is_featured: true,
    tracks: [{ track_number: 1, title: "Signal Path", artist_name: "Mira Lenz", duration: "6:02" }],
    purchase_links: [],
  },
];

/** Far in the future, so the event stays upcoming whenever the lane runs. */
export const EVENTS = [
  {
    id: 1,
    documentId: "e1",
    slug: "crossfade-night-berlin",
    title: CATALOGUE_TEXT.event,
    starts_at: "2030-06-12T20:00:00.000Z",
    ends_at: "2030-06-13T04:00:00.000Z",
    timezone: "Europe/Berlin",
    venue: "Hall 3",
    address: "Am Wasser 1",
    city: "Berlin",
    location: BERLIN,
    lineup: ["Mira Lenz", "DJ Ostkreuz"],
    description: "All night long.",
    coverImage: null,
    ticket_url: null,
    price: "15 EUR",
    event_status: "scheduled",
    is_featured: true,
  },
];

export const COLLECTIONS: Record<string, Array<Record<string, unknown>>> = {
  "blog-posts": POSTS,
  "aggregated-posts": AGGREGATED,
  mixtapes: MIXTAPES,
  "label-releases": RELEASES,
  events: EVENTS,
  genres: [TECHNO, HOUSE],
  locations: [BERLIN],
  artists: ARTISTS,
};

type Row = Record<string, unknown>;
const slugs = (refs: unknown): string[] =>
  Array.isArray(refs) ? refs.map((r) => String((r as Row).slug)) : [];

/** The artists one item links to, as cms/src/aggregates.js finds them: its own and its components'. */
function linked(item: Row): Set<string> {
  const nested = ["tracks", "tracklist_artists", "lineup_artists"].flatMap((k) =>
    Array.isArray(item[k]) ? (item[k] as Row[]).flatMap((c) => slugs(c.artists)) : [],
  );
  return new Set([...slugs(item.artists), ...nested]);
}

/**
 * The answer of an aggregate route of cms/src/aggregates.js (`/genres/counts`,
 * `/blog-posts/tags`, `/artists/directory`) over `collections`, or null for any other path.
 */
export function aggregateAnswer(
  path: string,
  query: URLSearchParams,
  collections: Record<string, Row[]>,
): unknown {
  const posts = collections["blog-posts"] ?? [];
  const counted = (kind: "genres" | "locations") =>
    (collections[kind] ?? []).map((t) => ({
      ...t,
      postCount: posts.filter((p) => slugs(p[kind]).includes(String(t.slug))).length,
    }));
  if (path === "/genres/counts")
    return { data: { genres: counted("genres"), locations: counted("locations") } };
  if (path === "/blog-posts/tags")
    return {
      data: [...new Set(posts.flatMap((p) => (p.tags as Row[] | undefined)?.map((t) => t.name) ?? []))],
    };
  if (path !== "/artists/directory") return null;
  const artists = (collections.artists ?? []).map((a) => String(a.slug)).sort();
  const items = ["blog-posts", "label-releases", "mixtapes", "events"].flatMap((c) => collections[c] ?? []);
  const pageSize = Number(query.get("pageSize") ?? 100);
  const start = (Number(query.get("page") ?? 1) - 1) * pageSize;
  const letters: Array<{ letter: string; first: number }> = [];
  artists.forEach((slug, first) => {
    if (!letters.some((l) => l.letter === slug[0])) letters.push({ letter: slug.charAt(0), first });
  });
  return {
    data: artists.slice(start, start + pageSize).map((slug) => ({
      slug,
      itemCount: items.filter((i) => linked(i).has(slug)).length,
    })),
    meta: { total: artists.length, letters },
  };
}
