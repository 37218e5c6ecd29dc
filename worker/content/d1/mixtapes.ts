import type { AudioPlatform } from "@core/content/audio";
import type { Mixtape } from "@core/content/mixtape";
import type { Taxon } from "@core/content/taxon";
import { entryRefs, refsOf } from "./artist-refs";
import { datedTable } from "./published";
import { identity, parseJson, toTracklist } from "./rows";

export interface MixtapeRow {
  id: number;
  slug: string;
  title: string;
  artist_name: string | null;
  release_date: string;
  cover_image: string | null;
  description: string;
  tracklist: string;
  duration: string | null;
  track_count: number;
  download_url: string | null;
  external_audio_url: string | null;
  audio_file: string | null;
  audio_platform: AudioPlatform | null;
  is_featured: number;
  genres_json: string | null;
  artists_json: string | null;
}

/**
 * A mixtape's columns, its genres and its artists (author and tracklist entries) as JSON from
 * its extras row (scripts/content/sql/extras-sql.ts, cards-sql.ts), joined by MIXTAPE_EXTRAS.
 */
export const MIXTAPE_COLUMNS = "m.*, mx.genres_json, mx.artists_json";

/** What MIXTAPE_COLUMNS reads besides the mixtape's own row (after `FROM mixtapes m`). */
export const MIXTAPE_EXTRAS = "LEFT JOIN mixtape_extras mx ON mx.mixtape_id = m.id";

export function toMixtape(row: MixtapeRow): Mixtape {
  const external = row.external_audio_url;
  const audio = external
    ? { platform: row.audio_platform ?? "local", url: external }
    : row.audio_file
      ? { platform: "local" as const, url: row.audio_file }
      : null;
  const refs = entryRefs(row.artists_json);
  const tracklist = toTracklist(row.tracklist).map((t) => ({
    ...t,
    artists: refsOf(refs, t.position),
  }));
  return {
    ...identity(row),
    artist: row.artist_name,
    releaseDate: row.release_date,
    coverImage: row.cover_image,
    description: row.description,
    tracklist,
    duration: row.duration || "0:00",
    trackCount: row.track_count || tracklist.length,
    downloadUrl: row.download_url,
    audio,
    genres: parseJson<Taxon[]>(row.genres_json, []),
    isFeatured: row.is_featured === 1,
    category: "Mixtape",
    artists: refsOf(refs, 0),
  };
}

/** Published mixtapes, newest first and searched by title; one by slug or numeric id. */
export const mixtapes = datedTable<MixtapeRow, Mixtape>({
  table: "mixtapes",
  alias: "m",
  columns: MIXTAPE_COLUMNS,
  extras: MIXTAPE_EXTRAS,
  cardColumns: MIXTAPE_COLUMNS,
  // Slug and date (the sitemap): no description or tracklist, the long columns.
  leanColumns: `m.id, m.slug, m.title, m.artist_name, m.release_date, m.cover_image, '' AS description,
    '[]' AS tracklist, m.duration, m.track_count, m.download_url, m.external_audio_url, m.audio_file,
    m.audio_platform, m.is_featured, NULL AS genres_json, NULL AS artists_json`,
  searchWhere: "m.title LIKE ?1 ESCAPE '\\'",
  toItem: toMixtape,
});
