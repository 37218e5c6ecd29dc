import type { AudioPlatform, ListFilter, Mixtape, Page, Taxon } from "@core/content/types";
import { DEFAULT_LIST_PAGE_SIZE, paging, toPage } from "../paging";
import { parseJson, toTracklist } from "./rows";
import { likePattern, rowsOf, totalOf } from "./sql";

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

/** Published mixtapes, newest first; title search; page size 100 by default (docs/product.md section 9). */
export async function listMixtapes(db: D1Database, filter: ListFilter = {}): Promise<Page<Mixtape>> {
  const { page, pageSize, offset } = paging(filter.page, filter.pageSize, DEFAULT_LIST_PAGE_SIZE);
  const search = filter.search?.trim();
  const where = `m.pub_status = 'published'${search ? " AND m.title LIKE ? ESCAPE '\\'" : ""}`;
  const params = search ? [likePattern(search)] : [];
  const [rows, count] = await db.batch([
    db
      .prepare(
        `SELECT ${MIXTAPE_COLUMNS} FROM mixtapes m WHERE ${where}
         ORDER BY m.release_date DESC, m.id DESC LIMIT ? OFFSET ?`,
      )
      .bind(...params, pageSize, offset),
    db.prepare(`SELECT COUNT(*) AS total FROM mixtapes m WHERE ${where}`).bind(...params),
  ]);
  const total = totalOf(count);
  return toPage(rowsOf<MixtapeRow>(rows).map(toMixtape), page, pageSize, total);
}

/** A published mixtape by slug or numeric id (docs/product.md section 2). */
export async function getMixtape(db: D1Database, slugOrId: string): Promise<Mixtape | null> {
  const row = await db
    .prepare(
      `SELECT ${MIXTAPE_COLUMNS} FROM mixtapes m
       WHERE (m.slug = ?1 OR CAST(m.id AS TEXT) = ?1) AND m.pub_status = 'published'`,
    )
    .bind(slugOrId)
    .first<MixtapeRow>();
  return row ? toMixtape(row) : null;
}
