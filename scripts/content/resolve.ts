/**
 * Validated items → the catalogue records of scripts/content/types.ts, with ids: the file's
 * `id` when it has one, else the id the database already gives that slug (aggregated posts:
 * that original_url), else the next free id. Genre and location slugs resolve to the files'
 * genres and locations first, then to the database's.
 */

import { joinText } from "./markdown";
import { emptyByKind, type Kind, type Parsed, type ParsedContent } from "./parse";
import { type ContentProblem, EVENT_TIME, eventTime } from "./schema";
import type {
  AggregatedPostRecord,
  ArtistRecord,
  Catalogue,
  EntryArtist,
  EventRecord,
  GenreRecord,
  LocationRecord,
  MixtapeRecord,
  PostRecord,
  ReleaseRecord,
} from "./types";

/** What the database holds already: for each kind, every row's id and key (slug or original_url). */
export type KnownRows = Record<Kind, Array<{ id: number; key: string }>>;

export const NO_ROWS: KnownRows = emptyByKind();

function assignIds<T extends { file: string; front: { id: number | null } }>(
  kind: Kind,
  items: T[],
  keyOf: (item: T) => string,
  known: KnownRows,
  problems: ContentProblem[],
): number[] {
  const byKey = new Map(known[kind].map((r) => [r.key, r.id]));
  const byId = new Map(known[kind].map((r) => [r.id, r.key]));
  const taken = new Set(known[kind].map((r) => r.id));
  const seenKeys = new Map<string, string>();
  const seenIds = new Map<number, string>();
  const what = kind === "aggregated" ? "original_url" : "slug";
  for (const item of items) {
    const key = keyOf(item);
    const other = seenKeys.get(key);
    if (other) problems.push({ file: item.file, field: what, message: `'${key}' is also ${other}'s` });
    seenKeys.set(key, item.file);
    const id = item.front.id;
    if (id === null) continue;
    const twin = seenIds.get(id);
    if (twin) problems.push({ file: item.file, field: "id", message: `${id} is also the id of ${twin}` });
    seenIds.set(id, item.file);
    taken.add(id);
    const stored = byKey.get(key);
    if (stored !== undefined && stored !== id) {
      problems.push({
        file: item.file,
        field: "id",
        message: `is ${id}, but the database has ${what} '${key}' as id ${stored} (leave id out, or write ${stored})`,
      });
    }
    const owner = byId.get(id);
    if (owner !== undefined && owner !== key) {
      problems.push({
        file: item.file,
        field: "id",
        message: `${id} belongs to ${what} '${owner}' in the database; leave id out to get a new one`,
      });
    }
  }
  let next = Math.max(0, ...taken) + 1;
  return items.map((item) => item.front.id ?? byKey.get(keyOf(item)) ?? next++);
}

/**
 * Record fields in the column order of migrations/0001_catalogue.sql (the generator's order), so
 * the seed's SQL and the Strapi seed's JSON come out the same whether made from files or not.
 */
const ORDER = {
  posts:
    "id slug title artist_name excerpt content post_date category cover_image is_featured audio_platform primary_audio_url audio_file track_title pub_status genre_ids location_ids tags artist_ids",
  aggregated:
    "id original_url title artist_name excerpt content published_date featured_image genres locations audio pub_status artist_ids",
  mixtapes:
    "id slug title artist_name release_date cover_image description tracklist duration track_count download_url external_audio_url audio_file audio_platform is_featured pub_status genre_ids artist_ids track_artists",
  releases:
    "id slug title artist_name release_date artwork release_type total_duration description credits catalog_number is_featured pub_status tracks purchase_links artist_ids track_artists",
};

/** A record's fields in ORDER, then any field ORDER does not name (a column added later), as they come. */
function ordered<T extends object>(kind: keyof typeof ORDER, record: T): T {
  const out: Record<string, unknown> = {};
  for (const key of ORDER[kind].split(" ")) out[key] = (record as Record<string, unknown>)[key];
  for (const [key, value] of Object.entries(record)) if (!(key in out)) out[key] = value;
  return out as T;
}

/** Items with their ids, in id order (the order the database lists them in). */
function byId<T>(items: T[], ids: number[]): Array<[T, number]> {
  return items.map((item, i) => [item, ids[i] as number] as [T, number]).sort((a, b) => a[1] - b[1]);
}

function references(
  item: Parsed<unknown>,
  field: string,
  slugs: string[],
  ids: Map<string, number>,
  folder: string,
  problems: ContentProblem[],
): number[] {
  const out: number[] = [];
  slugs.forEach((slug, i) => {
    const id = ids.get(slug);
    if (id === undefined) {
      problems.push({
        file: item.file,
        field: `${field}[${i}]`,
        message: `'${slug}' is no ${folder.slice(0, -1)} (no file ${folder}/${slug}.md, none in the database)`,
      });
    } else out.push(id);
  });
  return out;
}

function eventTimeOf(
  item: Parsed<unknown>,
  field: string,
  value: string | Date,
  zone: string,
  problems: ContentProblem[],
): string {
  const time = eventTime(value, zone);
  if (!EVENT_TIME.test(time) || Number.isNaN(Date.parse(time))) {
    problems.push({
      file: item.file,
      field,
      message: "must be a date and time with the venue's offset, like '2026-12-05T23:00:00+01:00'",
    });
  }
  return time;
}

/** The catalogue the files describe, every id settled; problems for conflicts and bad references. */
export function resolveContent(
  content: ParsedContent,
  known: KnownRows = NO_ROWS,
  options: { referencesFromFilesOnly?: boolean } = {},
): { catalogue: Catalogue; problems: ContentProblem[] } {
  const problems: ContentProblem[] = [];
  const bySlug = (p: Parsed<unknown>) => p.slug;

  const genreIds = assignIds("genres", content.genres, bySlug, known, problems);
  const genres: GenreRecord[] = byId(content.genres, genreIds).map(([g, id]) => ({
    id,
    slug: g.slug,
    name: g.front.name,
  }));
  const locationIds = assignIds("locations", content.locations, bySlug, known, problems);
  const locations: LocationRecord[] = byId(content.locations, locationIds).map(([l, id]) => ({
    id,
    slug: l.slug,
    name: l.front.name,
    type: l.front.type,
  }));
  // With --prune the files are the whole catalogue: a genre only the database has is going.
  const stored = (rows: KnownRows["genres"]) =>
    options.referencesFromFilesOnly ? [] : rows.map((r) => [r.key, r.id] as const);
  const genreBySlug = new Map([...stored(known.genres), ...genres.map((g) => [g.slug, g.id] as const)]);
  const locationBySlug = new Map([
    ...stored(known.locations),
    ...locations.map((l) => [l.slug, l.id] as const),
  ]);

  /** The id of the location a file names by slug (null for none), or a problem when it is unknown. */
  const locationOf = (file: string, location: string | null): number | null => {
    const locationId = location === null ? null : (locationBySlug.get(location) ?? null);
    if (location !== null && locationId === null) {
      problems.push({
        file,
        field: "location",
        message: `'${location}' is no location (no file locations/${location}.md, none in the database)`,
      });
    }
    return locationId;
  };

  const artistIds = assignIds("artists", content.artists, bySlug, known, problems);
  let artistLinkId = 0;
  const artists: ArtistRecord[] = byId(content.artists, artistIds).map(([a, id]) => {
    const { location } = a.front;
    const locationId = locationOf(a.file, location);
    return {
      id,
      slug: a.slug,
      name: a.front.name,
      kind: a.front.kind,
      bio: joinText(a.paragraphs),
      image: a.front.image,
      location_id: locationId,
      pub_status: a.front.pub_status,
      genre_ids: references(a, "genres", a.front.genres, genreBySlug, "genres", problems),
      links: a.front.links.map((link, position) => ({
        id: ++artistLinkId,
        artist_id: id,
        platform: link.platform,
        custom_platform_name: link.custom_platform_name,
        url: link.url,
        position,
      })),
      former_slugs: a.front.former_slugs,
    };
  });
  const artistBySlug = new Map([...stored(known.artists), ...artists.map((a) => [a.slug, a.id] as const)]);
  const artistRefs = (item: Parsed<unknown>, field: string, slugs: string[]) =>
    references(item, field, slugs, artistBySlug, "artists", problems);
  /** Per-entry artist references of a list (a tracklist, a release's tracks, a lineup). */
  const entryRefs = <T>(
    item: Parsed<unknown>,
    field: string,
    list: T[],
    of: (t: T, i: number) => { entry: number; slugs: string[] },
  ): EntryArtist[] =>
    list.flatMap((t, i) => {
      const { entry, slugs } = of(t, i);
      return artistRefs(item, `${field}[${i}].artists`, slugs).map((artist_id) => ({ entry, artist_id }));
    });

  const postIds = assignIds("posts", content.posts, bySlug, known, problems);
  const posts: PostRecord[] = byId(content.posts, postIds).map(([p, id]) => {
    const { id: _id, genres: g, locations: l, tags, artists: named, ...front } = p.front;
    return ordered("posts", {
      id,
      slug: p.slug,
      ...front,
      content: p.paragraphs,
      genre_ids: references(p, "genres", g, genreBySlug, "genres", problems),
      location_ids: references(p, "locations", l, locationBySlug, "locations", problems),
      tags,
      artist_ids: artistRefs(p, "artists", named),
    });
  });

  const aggregatedIds = assignIds(
    "aggregated",
    content.aggregated,
    (a) => a.front.original_url,
    known,
    problems,
  );
  const aggregatedPosts: AggregatedPostRecord[] = byId(content.aggregated, aggregatedIds).map(([a, id]) => {
    const { id: _id, artists: named, ...front } = a.front;
    return ordered("aggregated", {
      id,
      ...front,
      content: a.paragraphs,
      artist_ids: artistRefs(a, "artists", named),
    });
  });

  const mixtapeIds = assignIds("mixtapes", content.mixtapes, bySlug, known, problems);
  const mixtapes: MixtapeRecord[] = byId(content.mixtapes, mixtapeIds).map(([m, id]) => {
    const { id: _id, genres: g, tracklist, track_count, artists: named, ...front } = m.front;
    return ordered("mixtapes", {
      id,
      slug: m.slug,
      ...front,
      artist_name: front.artist_name as string,
      description: joinText(m.paragraphs),
      tracklist: tracklist.map((t, n) => ({
        position: t.position ?? n + 1,
        artist: t.artist,
        title: t.title,
        time: t.time as string,
      })),
      track_count: track_count ?? tracklist.length,
      genre_ids: references(m, "genres", g, genreBySlug, "genres", problems),
      artist_ids: artistRefs(m, "artists", named),
      track_artists: entryRefs(m, "tracklist", tracklist, (t, n) => ({
        entry: t.position ?? n + 1,
        slugs: t.artists,
      })),
    });
  });

  const releaseIds = assignIds("releases", content.releases, bySlug, known, problems);
  let trackId = 0;
  let linkId = 0;
  const releases: ReleaseRecord[] = byId(content.releases, releaseIds).map(([r, id]) => {
    const { id: _id, tracks, purchase_links, artists: named, ...front } = r.front;
    return ordered("releases", {
      id,
      slug: r.slug,
      ...front,
      release_type: front.release_type as ReleaseRecord["release_type"],
      catalog_number: front.catalog_number as string,
      description: joinText(r.paragraphs),
      tracks: tracks.map((t, n) => ({
        id: ++trackId,
        release_id: id,
        track_number: t.track_number ?? n + 1,
        title: t.title,
        artist_name: t.artist_name as string,
        duration: t.duration as string,
        audio_url: t.audio_url,
        audio_platform: t.audio_platform,
        is_primary_track: t.is_primary_track,
        is_featured: t.is_featured,
      })),
      purchase_links: purchase_links.map((link, position) => ({
        id: ++linkId,
        release_id: id,
        platform: link.platform,
        custom_platform_name: link.custom_platform_name,
        url: link.url,
        position,
      })),
      artist_ids: artistRefs(r, "artists", named),
      track_artists: entryRefs(r, "tracks", tracks, (t, n) => ({
        entry: t.track_number ?? n + 1,
        slugs: t.artists,
      })),
    });
  });

  const eventIds = assignIds("events", content.events, bySlug, known, problems);
  const events: EventRecord[] = byId(content.events, eventIds).map(([e, id]) => {
    const { id: _id, location, starts_at, ends_at, ...front } = e.front;
    const locationId = locationOf(e.file, location);
    return {
      id,
      slug: e.slug,
      title: front.title,
      starts_at: eventTimeOf(e, "starts_at", starts_at, front.timezone, problems),
      ends_at: ends_at === null ? null : eventTimeOf(e, "ends_at", ends_at, front.timezone, problems),
      timezone: front.timezone,
      venue: front.venue,
      address: front.address,
      city: front.city,
      location_id: locationId,
      lineup: front.lineup.map((entry) => (typeof entry === "string" ? entry : entry.name)),
      description: joinText(e.paragraphs),
      cover_image: front.cover_image,
      ticket_url: front.ticket_url,
      price: front.price,
      status: front.status,
      is_featured: front.is_featured,
      pub_status: front.pub_status,
      lineup_artists: entryRefs(e, "lineup", front.lineup, (entry, i) => ({
        entry: i + 1,
        slugs: typeof entry === "string" ? [] : entry.artists,
      })),
    };
  });

  return {
    catalogue: { genres, locations, artists, posts, aggregatedPosts, mixtapes, releases, events },
    problems,
  };
}
