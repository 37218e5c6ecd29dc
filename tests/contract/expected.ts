/**
 * What the demo catalogue says every content source must answer: published rows only, in the
 * orders the ports promise. Pure TypeScript (runs in workerd and in Node).
 */
import catalogue from "virtual:demo-catalogue";
import type { PostRecord } from "@scripts/content/types";

export { catalogue };

const published = <T extends { pub_status: string }>(rows: T[]) =>
  rows.filter((r) => r.pub_status === "published");
const drafts = <T extends { pub_status: string }>(rows: T[]) => rows.filter((r) => r.pub_status === "draft");

export const genreSlug = new Map(catalogue.genres.map((g) => [g.id, g.slug]));
export const locationSlug = new Map(catalogue.locations.map((l) => [l.id, l.slug]));

export const posts = published(catalogue.posts).sort((a, b) => b.post_date.localeCompare(a.post_date));
export const draftPosts = drafts(catalogue.posts);
export const aggregated = published(catalogue.aggregatedPosts);
export const mixtapes = published(catalogue.mixtapes).sort((a, b) =>
  b.release_date.localeCompare(a.release_date),
);
export const draftMixtapes = drafts(catalogue.mixtapes);
export const releases = published(catalogue.releases).sort((a, b) =>
  b.release_date.localeCompare(a.release_date),
);
export const draftReleases = drafts(catalogue.releases);
export const events = published(catalogue.events);
export const draftEvents = drafts(catalogue.events);

export const postGenres = (p: PostRecord) => p.genre_ids.map((id) => genreSlug.get(id));
export const postLocations = (p: PostRecord) => p.location_ids.map((id) => locationSlug.get(id));

/** Published posts matching slug lists (OR within a list, AND across lists), newest first. */
export function postsWith(genres: string[] = [], locations: string[] = []): PostRecord[] {
  return posts.filter(
    (p) =>
      (genres.length === 0 || postGenres(p).some((g) => g && genres.includes(g))) &&
      (locations.length === 0 || postLocations(p).some((l) => l && locations.includes(l))),
  );
}

/** Post counts per genre or location slug over published posts, zero counts left out. */
export function countsBy(kind: "genres" | "locations"): Map<string, number> {
  const counts = new Map<string, number>();
  for (const p of posts) {
    for (const slug of kind === "genres" ? postGenres(p) : postLocations(p)) {
      if (slug) counts.set(slug, (counts.get(slug) ?? 0) + 1);
    }
  }
  return counts;
}

/** Published artists A–Z by slug (the order both stores list them in). */
export const artists = published(catalogue.artists).sort((a, b) => (a.slug < b.slug ? -1 : 1));
const artistSlug = new Map(artists.map((a) => [a.id, a.slug]));
const slugsOf = (ids: number[]) => ids.map((id) => artistSlug.get(id)).filter((s): s is string => !!s);

/** What links to an artist (published items only), each item once, in no particular order. */
export function artistWork(slug: string) {
  const has = (ids: number[]) => slugsOf(ids).includes(slug);
  const entries = (links: Array<{ artist_id: number }>) => links.map((l) => l.artist_id);
  return {
    posts: posts.filter((p) => has(p.artist_ids)),
    releases: releases.filter((r) => has([...r.artist_ids, ...entries(r.track_artists)])),
    mixtapes: mixtapes
      .filter((m) => has([...m.artist_ids, ...entries(m.track_artists)]))
      .map((m) => ({ slug: m.slug, role: has(m.artist_ids) ? "author" : "tracklist" })),
    events: events.filter((e) => has(entries(e.lineup_artists))),
  };
}

/** The slugs of the artists of each entry (a track number, a tracklist position or lineup place). */
export function entrySlugs(links: Array<{ entry: number; artist_id: number }>, entry: number): string[] {
  return slugsOf(links.filter((l) => l.entry === entry).map((l) => l.artist_id));
}

export { slugsOf as artistSlugs };
