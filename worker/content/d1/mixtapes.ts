import type { AudioPlatform, ListFilter, Mixtape, Page, Taxon } from "@core/content/types";
import { type DatedTable, getPublished, listPublished } from "./published";
import { parseJson, toTracklist } from "./rows";

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
}

export const MIXTAPE_COLUMNS = `m.*, (SELECT json_group_array(json_object('name', g.name, 'slug', g.slug)) FROM
  (SELECT g.name, g.slug FROM mixtape_genres mg JOIN genres g ON g.id = mg.genre_id
   WHERE mg.mixtape_id = m.id ORDER BY g.name) g) AS genres_json`;

export function toMixtape(row: MixtapeRow): Mixtape {
  const external = row.external_audio_url;
  const audio = external
    ? { platform: row.audio_platform ?? "local", url: external }
    : row.audio_file
      ? { platform: "local" as const, url: row.audio_file }
      : null;
  const tracklist = toTracklist(row.tracklist);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
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
  };
}

const MIXTAPES: DatedTable<MixtapeRow, Mixtape> = {
  table: "mixtapes",
  alias: "m",
  columns: MIXTAPE_COLUMNS,
  searchWhere: "m.title LIKE ?1 ESCAPE '\\'",
  toItem: toMixtape,
};

/** Published mixtapes, newest first; title search. */
export function listMixtapes(db: D1Database, filter: ListFilter = {}): Promise<Page<Mixtape>> {
  return listPublished(db, MIXTAPES, filter);
}

/** A published mixtape by slug or numeric id. */
export function getMixtape(db: D1Database, slugOrId: string): Promise<Mixtape | null> {
  return getPublished(db, MIXTAPES, slugOrId);
}
