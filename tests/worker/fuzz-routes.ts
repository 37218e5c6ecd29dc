/**
 * Every route the Worker answers a GET on, with the query parameters its handler reads: the
 * table the bad-input properties (tests/worker/fuzz.ts) run over. It is kept whole by two tests:
 * tests/worker/fuzz-table.test.ts compares its routes with app/routes.ts and the Hono app's own
 * route list, and tests/repo/fuzz-table.test.ts finds every query parameter the source reads
 * (searchParams.get, c.req.query…) and the row that fuzzes it. Plain data: both lanes import it.
 */

export interface FuzzedRoute {
  /** As app/routes.ts names it (with a leading slash, "/*" for the not-found route) or Hono does. */
  route: string;
  /** A real address of the route, whose query the properties fill. */
  example: string;
  /** The query parameters its handler reads (fuzzed with other keys, repeated and odd values). */
  query: readonly string[];
  /**
   * The values the site's own links give a parameter (docs/product.md section 2): an answer the
   * page cache keeps has no other value of it.
   */
  takes?: Readonly<Record<string, RegExp>>;
  /** Where those parameters are read: repository paths, checked by tests/repo/fuzz-table.test.ts. */
  readers: readonly string[];
  /** Puts visitor text into its path parameters; absent when it has none. */
  fill?: (s: string) => string;
  /** Share of FUZZ_RUNS for the property over its path parameters (default SHARE). */
  pathShare?: number;
  /**
   * Share of FUZZ_RUNS for the property over its query (default SHARE); a route that reads no
   * parameter is one of the cases of a single property over all of them.
   */
  queryShare?: number;
  /** The credentials it needs to get past its sign-in: the desk's session, the admin bearer token. */
  auth?: "session" | "bearer";
  /**
   * What its 400 says, when docs/product.md fixes the words; by default it names a parameter
   * it reads and what it takes ("page must be a whole number from 1 to 10000").
   */
  refusal?: RegExp;
  /**
   * A status of 500 or more that a protocol fixes for a parameter's value, not a failure: only
   * oEmbed's 501 for a format it does not serve, as the oEmbed 1.0 specification has it
   * (docs/decisions/031-sharing-and-embeds.md, docs/product.md section 2).
   */
  protocol5xx?: number;
}

/** Cases per property of a route, as a share of FUZZ_RUNS: the lane's time is bounded (docs/decisions/121). */
export const SHARE = 0.05;

const POST = "bjorn-astrom-on-building-a-studio-out-of-a-fishing-hut";
const MIXTAPE = "crossfade-mix-001-tape-hiss-society";
const RELEASE = "bjorn-astrom-faded-harbour";
const EVENT = "crossfade-berlin-winter-session-2026";

const PAGE = ["core/page-params.ts"];
/** A page number as the pagination links it, up to the 10,000th. */
const PAGE_NUMBER = /^([1-9]\d{0,3}|10000)$/;
const LIST = { query: ["page"], readers: PAGE, takes: { page: PAGE_NUMBER } };
/** A detail page's: the shared moment, and a preview link (worker/preview.ts). */
const MOMENT = {
  query: ["t", "track", "preview"],
  readers: ["app/share/use-shared-moment.ts", "worker/preview.ts"],
};
const PREVIEW = { query: ["preview"], readers: ["worker/preview.ts"] };
const EMBED = {
  query: ["size", "theme", "t"],
  readers: ["core/share/embed.ts"],
  takes: { size: /^(full|compact)$/, theme: /^(dark|light)$/ },
};
const SEARCH = ["q", "page", "size", "genre", "location", "featured", "sort", "type"];
const NONE = { query: [], readers: [] };

/** app/routes.ts, in its order. */
export const PAGE_ROUTES: FuzzedRoute[] = [
  { route: "/", example: "/", ...NONE },
  {
    route: "/blog",
    example: "/blog",
    query: ["page", "category"],
    readers: PAGE,
    takes: { page: PAGE_NUMBER, category: /^(interviews|premieres)$/ },
    queryShare: 1,
  },
  { route: "/blog/:id", example: `/blog/${POST}`, ...MOMENT, fill: (s) => `/blog/${s}`, pathShare: 1 },
  {
    route: "/blog/category/:category",
    example: "/blog/category/interviews",
    ...LIST,
    fill: (s) => `/blog/category/${s}`,
    pathShare: 1,
  },
  {
    route: "/blog/tag/:tag",
    example: "/blog/tag/vinyl",
    ...LIST,
    fill: (s) => `/blog/tag/${s}`,
    pathShare: 1,
    queryShare: 1,
  },
  {
    route: "/blog/genre/:slug",
    example: "/blog/genre/ambient",
    ...LIST,
    fill: (s) => `/blog/genre/${s}`,
    pathShare: 1,
  },
  {
    route: "/blog/location/:slug",
    example: "/blog/location/berlin",
    ...LIST,
    fill: (s) => `/blog/location/${s}`,
    pathShare: 1,
  },
  { route: "/mixtapes", example: "/mixtapes", ...LIST },
  {
    route: "/mixtapes/:id",
    example: `/mixtapes/${MIXTAPE}`,
    ...MOMENT,
    fill: (s) => `/mixtapes/${s}`,
    pathShare: 1,
  },
  { route: "/releases", example: "/releases", ...LIST },
  {
    route: "/releases/:id",
    example: `/releases/${RELEASE}`,
    ...MOMENT,
    fill: (s) => `/releases/${s}`,
    pathShare: 1,
  },
  { route: "/events", example: "/events", ...NONE },
  {
    route: "/events/:id",
    example: `/events/${EVENT}`,
    ...PREVIEW,
    fill: (s) => `/events/${s}`,
    pathShare: 1,
  },
  { route: "/artists", example: "/artists", ...LIST },
  {
    route: "/artists/:slug",
    example: "/artists/basalt",
    query: ["posts", "releases", "mixtapes", "past", "preview"],
    readers: [...PAGE, "worker/preview.ts"],
    takes: { posts: PAGE_NUMBER, releases: PAGE_NUMBER, mixtapes: PAGE_NUMBER, past: PAGE_NUMBER },
    fill: (s) => `/artists/${s}`,
  },
  ...["/about", "/contact", "/submit", "/submit/form", "/privacy", "/terms", "/genres", "/locations"].map(
    (route) => ({ route, example: route, ...NONE }),
  ),
  { route: "/search", example: "/search", query: SEARCH, readers: ["core/search/params.ts"], queryShare: 1 },
  { route: "/newsletter", example: "/newsletter", ...NONE },
  { route: "/*", example: "/no-such-page", ...NONE, fill: (s) => `/${s}/${s}`, pathShare: 1 },
  { route: "/embed/blog/:id", example: `/embed/blog/${POST}`, ...EMBED, fill: (s) => `/embed/blog/${s}` },
  {
    route: "/embed/mixtapes/:id",
    example: `/embed/mixtapes/${MIXTAPE}`,
    ...EMBED,
    fill: (s) => `/embed/mixtapes/${s}`,
  },
  {
    route: "/embed/releases/:id",
    example: `/embed/releases/${RELEASE}`,
    ...EMBED,
    fill: (s) => `/embed/releases/${s}`,
  },
];

/** The Hono app's GET routes (worker/app.ts), in its order. */
export const WORKER_ROUTES: FuzzedRoute[] = [
  { route: "/api/health", example: "/api/health", ...NONE },
  { route: "/api/health/ready", example: "/api/health/ready", ...NONE },
  { route: "/api/search", example: "/api/search", query: SEARCH, readers: ["core/search/params.ts"] },
  {
    route: "/api/suggest",
    example: "/api/suggest",
    query: ["q", "limit"],
    readers: ["core/search/params.ts"],
  },
  {
    route: "/api/newsletter/subscribers",
    example: "/api/newsletter/subscribers",
    query: ["format"],
    readers: ["worker/newsletter/export.ts"],
    auth: "bearer",
  },
  {
    route: "/api/newsletter/picks",
    example: "/api/newsletter/picks",
    query: ["path"],
    readers: ["worker/newsletter/picks.ts"],
  },
  {
    route: "/api/submissions",
    example: "/api/submissions",
    query: ["page", "pageSize", "status"],
    readers: ["worker/forms/api.ts"],
    auth: "bearer",
    refusal: /\b(page|pageSize) must\b|Unknown status/,
  },
  {
    route: "/api/uploads/:key{.+}",
    example: "/api/uploads/submissions/none.mp3",
    ...NONE,
    fill: (s) => `/api/uploads/${s}`,
    auth: "bearer",
  },
  {
    route: "/media/audio/*",
    example: "/media/audio/deep-pulse.mp3",
    ...NONE,
    fill: (s) => `/media/audio/${s}`,
    pathShare: 1,
  },
  {
    route: "/media/img/*",
    example: `/media/img/${"0".repeat(24)}/480`,
    ...NONE,
    fill: (s) => `/media/img/${s}`,
  },
  {
    route: "/media/cms/*",
    example: "/media/cms/uploads/cover_1.jpg/480",
    ...NONE,
    fill: (s) => `/media/cms/${s}`,
  },
  {
    route: "/newsletter/unsubscribe",
    example: "/newsletter/unsubscribe",
    query: ["token"],
    readers: ["worker/newsletter/unsubscribe.ts"],
    refusal: /This unsubscribe link is incomplete/,
  },
  {
    route: "/newsletter/confirm",
    example: "/newsletter/confirm",
    query: ["token"],
    readers: ["worker/newsletter/confirm.ts"],
    refusal: /This confirmation link is incomplete/,
  },
  { route: "/admin", example: "/admin", query: ["session"], readers: ["worker/admin/routes.ts"] },
  {
    route: "/admin/sign-in/mail",
    example: `/admin/sign-in/mail?token=${"A".repeat(43)}`,
    query: ["token"],
    readers: ["worker/admin/editors.ts"],
  },
  {
    route: "/admin/submissions",
    example: "/admin/submissions",
    query: ["status", "page"],
    readers: ["worker/admin/routes.ts"],
    auth: "session",
  },
  {
    route: "/admin/submissions/:id",
    example: "/admin/submissions/1",
    query: ["saved", "mailed"],
    readers: ["worker/admin/routes.ts"],
    fill: (s) => `/admin/submissions/${s}`,
    auth: "session",
  },
  {
    route: "/admin/submissions/:id/:file{audio|artwork}",
    example: "/admin/submissions/1/audio",
    ...NONE,
    fill: (s) => `/admin/submissions/${s}/audio`,
    auth: "session",
  },
  { route: "/admin/subscribers.csv", example: "/admin/subscribers.csv", ...NONE, auth: "session" },
  { route: "/admin/announcements", example: "/admin/announcements", ...NONE, auth: "session" },
  { route: "/admin/drafts", example: "/admin/drafts", ...NONE, auth: "session" },
  {
    route: "/admin/subscribers",
    example: "/admin/subscribers",
    query: ["after"],
    readers: ["worker/admin/subscribers-desk.ts"],
    auth: "session",
  },
  {
    route: "/admin/sessions",
    example: "/admin/sessions",
    query: ["ended"],
    readers: ["worker/admin/sessions-desk.ts"],
    auth: "session",
  },
  {
    route: "/admin/announcements/:id{[0-9]+}",
    example: "/admin/announcements/1",
    query: ["said", "to", "n"],
    readers: ["worker/admin/announcements.ts"],
    fill: (s) => `/admin/announcements/${s}`,
    auth: "session",
  },
  {
    route: "/admin/announcements/:id{[0-9]+}/preview",
    example: "/admin/announcements/1/preview",
    ...NONE,
    fill: (s) => `/admin/announcements/${s}/preview`,
    auth: "session",
  },
  {
    route: "/admin/submissions/:id/mail",
    example: "/admin/submissions/1/mail",
    ...NONE,
    fill: (s) => `/admin/submissions/${s}/mail`,
    auth: "session",
  },
  {
    route: "/admin/mail-templates",
    example: "/admin/mail-templates",
    query: ["saved"],
    readers: ["worker/admin/review-mail.ts"],
    auth: "session",
  },
  { route: "/robots.txt", example: "/robots.txt", ...NONE },
  { route: "/sitemap.xml", example: "/sitemap.xml", ...NONE },
  { route: "/sitemaps/:file", example: "/sitemaps/posts-1.xml", ...NONE, fill: (s) => `/sitemaps/${s}` },
  { route: "/rss.xml", example: "/rss.xml", ...NONE },
  { route: "/mixtapes/feed.xml", example: "/mixtapes/feed.xml", ...NONE },
  {
    route: "/artists/:slug/feed.xml",
    example: "/artists/basalt/feed.xml",
    ...NONE,
    fill: (s) => `/artists/${s}/feed.xml`,
  },
  {
    route: "/blog/genre/:slug/feed.xml",
    example: "/blog/genre/ambient/feed.xml",
    ...NONE,
    fill: (s) => `/blog/genre/${s}/feed.xml`,
  },
  { route: "/events.ics", example: "/events.ics", ...NONE },
  {
    route: "/events/:file{.+\\.ics}",
    example: `/events/${EVENT}.ics`,
    ...NONE,
    fill: (s) => `/events/${s}.ics`,
    pathShare: 1,
  },
  {
    route: "/mixtapes/:slug/chapters.json",
    example: `/mixtapes/${MIXTAPE}/chapters.json`,
    ...NONE,
    fill: (s) => `/mixtapes/${s}/chapters.json`,
  },
  {
    route: "/oembed",
    example: "/oembed",
    query: ["url", "format", "maxwidth", "maxheight"],
    readers: ["worker/share/oembed.ts"],
    refusal: /\b(url|format|maxwidth|maxheight)\b( parameter)? (must|is required)/,
    protocol5xx: 501,
  },
];

export const FUZZED_ROUTES: FuzzedRoute[] = [...PAGE_ROUTES, ...WORKER_ROUTES];

/**
 * Parameters that mean something to some page or to the page cache (campaign tags, a moment):
 * sent to every route besides its own, so no route takes them for its own by mistake.
 */
export const SHARED_KEYS = ["page", "category", "size", "theme", "t", "track", "utm_source", "q"];

/** What a 400 of `row` must say. */
export function refusalOf(row: FuzzedRoute): RegExp {
  if (row.refusal) return row.refusal;
  return new RegExp(`\\b(${row.query.join("|")}) must\\b`);
}
