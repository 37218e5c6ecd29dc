/**
 * The deterministic demo catalogue of Crossfade (docs/architecture.md): genres, locations, posts,
 * aggregated posts, mixtapes, releases and events, as plain objects shaped like the rows of
 * migrations/0001_catalogue.sql and artists (0008_artists.sql). Pure TypeScript with no Node imports: it also runs inside
 * workerd in tests. Every name, venue and label is invented.
 *
 * The fixed data (names, venues, sentence templates) lives in ./data; one builder per table
 * turns it into records, each from its own seeded generator so the tables do not shift one
 * another.
 */

import { createRng } from "../content/random";
import type { Catalogue, GenreRecord, LocationRecord } from "../content/types";
import { buildAggregated } from "./build-aggregated";
import { buildArtists, linkArtists } from "./build-artists";
import { buildEvents } from "./build-events";
import { buildMixtapes } from "./build-mixtapes";
import { buildPosts } from "./build-posts";
import { buildReleases } from "./build-releases";
import { GENRES } from "./data/genres";
import { LOCATIONS } from "./data/locations";
import { TitleBank } from "./title-bank";

export { slugify } from "../content/format";
export type * from "../content/types";
export { EMPTY_GENRE_SLUG } from "./data/genres";
export { EMPTY_LOCATION_SLUG } from "./data/locations";
export { DEMO_MIX, DEMO_MIX_SEGMENT_SECONDS, DEMO_MIX_TRACKS } from "./data/mixtapes";
export { RELEASE_ALL_LOCAL } from "./data/releases";
export { AUDIO_CLIPS, PLACEHOLDER_COVER, POST_TAGS } from "./data/tags-and-media";
export { zoneOffsetMinutes } from "./time-zones";

export const CATALOGUE_SEED = 20261121;

/** The whole demo catalogue; the same objects (deep-equal) on every call. */
export function generateCatalogue(): Catalogue {
  const genres: GenreRecord[] = GENRES.map((g, i) => ({ id: i + 1, slug: g.slug, name: g.name }));
  const locations: LocationRecord[] = LOCATIONS.map((l, i) => ({
    id: i + 1,
    slug: l.slug,
    name: l.name,
    type: l.type,
  }));
  const genreIds = new Map(genres.map((g) => [g.slug, g.id]));
  const locationIds = new Map(locations.map((l) => [l.slug, l.id]));
  const titles = new TitleBank(createRng(CATALOGUE_SEED ^ 0x7177));
  const items = {
    posts: buildPosts(createRng(CATALOGUE_SEED), titles, genreIds, locationIds),
    aggregatedPosts: buildAggregated(createRng(CATALOGUE_SEED + 1)),
    mixtapes: buildMixtapes(createRng(CATALOGUE_SEED + 2), titles, genreIds),
    releases: buildReleases(createRng(CATALOGUE_SEED + 3), titles),
    events: buildEvents(createRng(CATALOGUE_SEED + 4), locationIds),
  };
  const artists = buildArtists(createRng(CATALOGUE_SEED + 5), items, genreIds, locationIds);
  return { genres, locations, artists, ...linkArtists(items, artists) };
}
