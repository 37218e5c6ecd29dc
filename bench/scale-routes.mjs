// The scale benches' routes and one timed request (bench/scale.mjs on the embedded store,
// bench/scale-cms.mjs on Strapi).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, run } from "../scripts/lib.mjs";
import { HEADERS } from "./server.mjs";

/**
 * Routes by class: each a function of i giving distinct URLs of that class. `genres`: the five
 * genres with most published posts, [slug, posts] (the first one's deep pages are asked for).
 */
export function routes(posts, genres, { mixtapes, releases }) {
  const lastPage = Math.ceil(posts / 15);
  const later = (n) => (i) => 2 + (i % Math.max(1, Math.ceil(n / 100) - 1));
  const [topSlug, topCount] = genres[0];
  const genrePages = Math.max(2, Math.ceil(topCount / 15));
  return [
    ["/", () => "/"],
    ["/blog", () => "/blog"],
    ["/blog?page=k", (i) => `/blog?page=${2 + ((i * 37) % Math.max(1, lastPage - 2))}`],
    ["/blog, last page", () => `/blog?page=${lastPage}`],
    ["/blog/genre/…", (i) => `/blog/genre/${genres[i % genres.length][0]}`],
    ["/blog/genre/…?page=k", (i) => `/blog/genre/${topSlug}?page=${2 + ((i * 7) % (genrePages - 1))}`],
    ["a post", (i) => `/blog/{post ${i}}`],
    ["/mixtapes", () => "/mixtapes"],
    ["/mixtapes?page=k", (i) => `/mixtapes?page=${later(mixtapes)(i)}`],
    ["/releases", () => "/releases"],
    ["/releases?page=k", (i) => `/releases?page=${later(releases)(i)}`],
    ["a release", (i) => `/releases/{release ${i}}`],
    ["/artists", () => "/artists"],
    ["an artist", () => "/artists/jurgen-moller"],
    ["/events", () => "/events"],
    ["/genres", () => "/genres"],
    ["/search?q=…", (i) => `/search?q=${["techno", "house", "berlin", "vinyl", "deep"][i % 5]}`],
    ["/api/search", (i) => `/api/search?q=${["techno", "house", "berlin", "vinyl", "deep"][i % 5]}`],
    ["/api/suggest", (i) => `/api/suggest?q=${["tec", "hou", "ber", "vin", "dee"][i % 5]}`],
    ["/rss.xml", () => "/rss.xml"],
    ["/sitemap.xml", () => "/sitemap.xml"],
    ["a sitemap child", () => "/sitemaps/posts-1.xml"],
    ["the events' sitemap child", () => "/sitemaps/events-1.xml"],
  ];
}

export async function measure(url) {
  const started = performance.now();
  let res;
  let body;
  try {
    res = await fetch(url, { headers: HEADERS });
    body = await res.text();
  } catch (error) {
    // A dropped connection is recorded like any failed answer, and measuring goes on.
    return {
      ms: performance.now() - started,
      rows: Number.NaN,
      failure: `no answer (${error.cause?.code ?? error.message})`,
    };
  }
  const ms = performance.now() - started;
  const timing = res.headers.get("Server-Timing");
  // No header: the request read no row (a cache hit), or a build without the meter (NaN, "–").
  const rows = timing === null ? 0 : Number(/db;[^,]*desc="rows=(\d+)"/.exec(timing)?.[1] ?? Number.NaN);
  const failure = res.ok ? null : `${res.status} ${body.slice(0, 200).replace(/\s+/g, " ")}`;
  return { ms, rows, failure };
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** Replaces the section `## <title>` of bench/results.md with `section` (appends it when absent). */
export function replaceSection(title, section) {
  const path = join(ROOT, "bench", "results.md");
  const current = readFileSync(path, "utf8");
  const at = current.indexOf(`\n## ${title}\n`);
  const end = at === -1 ? -1 : current.indexOf("\n## ", at + 1);
  const next =
    at === -1
      ? `${current.trimEnd()}\n\n${section}`
      : `${current.slice(0, at + 1)}${section}${end === -1 ? "" : current.slice(end)}`;
  writeFileSync(path, next);
  run("biome", ["format", "--write", path], { quiet: true });
}
