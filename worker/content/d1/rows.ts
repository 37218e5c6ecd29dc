import { AGGREGATED_FIELDS, type AggregatedPost } from "@core/content/aggregated-post";
import type { AudioPlatform } from "@core/content/audio";
import { toDocument } from "@core/content/document";
import type { RowFields } from "@core/content/kind";
import type { MixtapeTrack } from "@core/content/mixtape";
import { POST_FIELDS, type Post } from "@core/content/post";
import type { Taxon } from "@core/content/taxon";
import { artistRefs } from "./artist-refs";
import { columnList, leanColumnList, siteOf } from "./kind-rows";
import { firstSlugColumn, firstSlugOf } from "./sql";

/**
 * Columns of an aggregated post (core/content/aggregated-post.ts) plus its artists, kept in its
 * extras row by triggers (scripts/content/sql/cards-sql.ts; no row: no artists).
 */
export const AGGREGATED_COLUMNS = `g.id, ${columnList(AGGREGATED_FIELDS, "g")}, g.genres, g.locations,
  (SELECT artists_json FROM aggregated_post_extras WHERE aggregated_post_id = g.id) AS artists_json`;

/** Parses a JSON text column, tolerating NULL and malformed values from hand-edited rows. */
export function parseJson<T>(text: unknown, fallback: T): T {
  if (typeof text !== "string" || text === "") return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** The id, slug and title of a mixtape, release or event row: they read back as they are. */
export function identity(row: { id: number; slug: string; title: string }) {
  return { id: row.id, slug: row.slug, title: row.title };
}

export interface PostRow extends RowFields<typeof POST_FIELDS> {
  id: number;
  slug: string;
  /** JSON array of paragraphs. */
  content: string;
  genres_json: string | null;
  locations_json: string | null;
  tags_json: string | null;
  artists_json: string | null;
  /** Its oldest former slug (migrations/0017_slug_redirects.sql); not read by a lean list. */
  first_slug?: string | null;
}

const POST_EXTRA_COLUMNS = "px.genres_json, px.locations_json, px.tags_json, px.artists_json";

/**
 * Columns of a post (core/content/post.ts) plus its genres, locations, tags and artists as JSON,
 * kept for it in post_extras by triggers (scripts/content/sql/extras-sql.ts, cards-sql.ts): one
 * more row a post, not every link behind it.
 */
export const POST_COLUMNS = `p.id, p.slug, ${columnList(POST_FIELDS, "p")}, p.content, ${POST_EXTRA_COLUMNS},
  ${firstSlugColumn("p", "posts")}`;

/** What POST_COLUMNS reads besides the post's own row (after `FROM posts p`). */
export const POST_EXTRAS = "LEFT JOIN post_extras px ON px.post_id = p.id";

/** POST_COLUMNS with only what a sitemap reads (a lean list): slug and date, one row per post. */
export const LEAN_POST_COLUMNS = `p.id, p.slug, ${leanColumnList(POST_FIELDS, "p")}, '[]' AS content,
  NULL AS genres_json, NULL AS locations_json, NULL AS tags_json, NULL AS artists_json`;

export function toPost(row: PostRow): Post {
  // A streaming URL wins unless the post says its audio is the uploaded file.
  const url =
    row.audio_platform === "local" || !row.primary_audio_url ? row.audio_file : row.primary_audio_url;
  const platform: AudioPlatform = row.audio_platform ?? "local";
  return {
    ...siteOf(POST_FIELDS, row),
    id: row.slug,
    numericId: row.id,
    slug: row.slug,
    content: toDocument(parseJson<unknown>(row.content, [])),
    tags: parseJson<string[]>(row.tags_json, []),
    genres: parseJson<Taxon[]>(row.genres_json, []),
    locations: parseJson<Taxon[]>(row.locations_json, []),
    audio: url ? { platform, url, trackTitle: row.track_title } : null,
    artists: artistRefs(row.artists_json),
    ...firstSlugOf(row),
  };
}

export interface AggregatedRow extends RowFields<typeof AGGREGATED_FIELDS> {
  id: number;
  /** JSON [{name, slug}]. */
  genres: string;
  locations: string;
  artists_json?: string | null;
}

export function toAggregatedPost(row: AggregatedRow): AggregatedPost {
  return {
    ...siteOf(AGGREGATED_FIELDS, row),
    id: `aggregated-${row.id}`,
    genres: parseJson<Taxon[]>(row.genres, []),
    locations: parseJson<Taxon[]>(row.locations, []),
    artists: artistRefs(row.artists_json),
  };
}

export function toTracklist(text: string): MixtapeTrack[] {
  const raw = parseJson<Array<Partial<MixtapeTrack>>>(text, []);
  return raw.map((t, i) => ({
    position: typeof t.position === "number" ? t.position : i + 1,
    artist: String(t.artist ?? ""),
    title: String(t.title ?? ""),
    time: typeof t.time === "string" ? t.time : null,
  }));
}
