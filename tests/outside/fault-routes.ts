import { CATALOGUE_TEXT } from "@tests/stand-ins/strapi-catalogue";

/**
 * The routes of the fault lane (docs/faults.md "From outside") and what each answers when the
 * stand-in CMS fails: the degraded answers of docs/product.md section 8.
 *
 *   list      the page with empty lists, 200; its headers may go out before the list is known
 *             (streaming), so caches must revalidate it (no-store or no-cache)
 *   taxonomy  a filtered blog page: never 404 for a failure, a degraded 200 with no-store
 *   detail    503 with the page error and Retry-After: 30, no-store (the item may exist)
 *   search    the results page's trouble message, 200, no-store
 *   api       /api/search's 503 JSON with Retry-After: 30, no-store
 *   feed      RSS, sitemap and an event's .ics: 503 with Retry-After, no-store
 */
export type Kind = "list" | "taxonomy" | "detail" | "search" | "api" | "feed";

export interface FaultRoute {
  path: string;
  kind: Kind;
  /** Texts a healthy answer shows. */
  healthy: string[];
  /** Texts the degraded answer shows. */
  degraded: string[];
}

const PAGE_ERROR = ["Something went wrong", "Refresh Page"];
const REVIEW = CATALOGUE_TEXT.review;

/** A detail page: its texts when healthy, the page error when its item cannot be read. */
const detail = (path: string, ...healthy: string[]): FaultRoute => ({
  path,
  kind: "detail",
  healthy,
  degraded: PAGE_ERROR,
});

export const FAULT_ROUTES: FaultRoute[] = [
  { path: "/", kind: "list", healthy: [REVIEW], degraded: [] },
  {
    path: "/blog",
    kind: "list",
    healthy: [REVIEW, CATALOGUE_TEXT.news, CATALOGUE_TEXT.aggregated],
    degraded: ["0 stories"],
  },
  detail("/blog/vinyl-weather-review", REVIEW, "Six tracks pressed on heavy vinyl."),
  { path: "/blog/category/reviews", kind: "taxonomy", healthy: [REVIEW], degraded: [] },
  { path: "/blog/tag/vinyl", kind: "taxonomy", healthy: [REVIEW], degraded: [] },
  { path: "/blog/genre/techno", kind: "taxonomy", healthy: [REVIEW], degraded: [] },
  { path: "/blog/location/berlin", kind: "taxonomy", healthy: [REVIEW], degraded: [] },
  { path: "/genres", kind: "list", healthy: ["Techno", "House"], degraded: [] },
  { path: "/locations", kind: "list", healthy: ["Berlin"], degraded: [] },
  { path: "/mixtapes", kind: "list", healthy: [CATALOGUE_TEXT.mixtape], degraded: ["0 mixes"] },
  detail("/mixtapes/basement-tapes-vol-3", CATALOGUE_TEXT.mixtape),
  { path: "/releases", kind: "list", healthy: [CATALOGUE_TEXT.release], degraded: [] },
  detail("/releases/signal-path-ep", CATALOGUE_TEXT.release),
  {
    path: "/events",
    kind: "list",
    healthy: [CATALOGUE_TEXT.event],
    degraded: ["No dates announced yet: sign up to the newsletter to hear first."],
  },
  detail("/events/crossfade-night-berlin", CATALOGUE_TEXT.event),
  { path: "/artists", kind: "list", healthy: [CATALOGUE_TEXT.artist], degraded: [] },
  detail("/artists/mira-lenz", CATALOGUE_TEXT.artist, "Mira Lenz records rain.", REVIEW),
  {
    path: "/search?q=vinyl",
    kind: "search",
    healthy: [REVIEW],
    degraded: ["Search is having trouble right now. Please try again in a moment."],
  },
  {
    path: "/api/search?q=vinyl",
    kind: "api",
    healthy: [REVIEW],
    degraded: ["Search is unavailable right now"],
  },
  { path: "/rss.xml", kind: "feed", healthy: [REVIEW], degraded: [] },
  // The stand-in's mixtape has no audio file of its own, so the podcast is healthy and empty.
  { path: "/mixtapes/feed.xml", kind: "feed", healthy: ["<rss"], degraded: [] },
  { path: "/artists/mira-lenz/feed.xml", kind: "feed", healthy: [REVIEW], degraded: [] },
  { path: "/events.ics", kind: "feed", healthy: [CATALOGUE_TEXT.event], degraded: [] },
  { path: "/sitemap.xml", kind: "feed", healthy: ["/sitemaps/posts-1.xml"], degraded: [] },
  { path: "/sitemaps/posts-1.xml", kind: "feed", healthy: ["/blog/vinyl-weather-review"], degraded: [] },
  {
    path: "/events/crossfade-night-berlin.ics",
    kind: "feed",
    healthy: [CATALOGUE_TEXT.event],
    degraded: ["Events are unavailable right now. Please try again in a moment."],
  },
];

/** Texts only a degraded answer has: none may be served once the CMS is healthy again. */
export const FAULT_TEXTS = [
  "Something went wrong",
  "0 stories",
  "Search is having trouble",
  "Search is unavailable",
  "unavailable right now",
  "No dates announced yet",
];

/** Everything the stand-in catalogue shows: none of it may appear in a degraded answer. */
export const CATALOGUE_TEXTS: string[] = Object.values(CATALOGUE_TEXT);

/** Whether a cache must ask again before reusing the answer (docs/product.md section 8). */
export function revalidates(cacheControl: string): boolean {
  return /\b(no-store|no-cache)\b/.test(cacheControl);
}

/** The visible text of an answer: tags dropped, React's separators and the usual entities undone. */
export function visibleText(body: string): string {
  return body
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, " ")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}
