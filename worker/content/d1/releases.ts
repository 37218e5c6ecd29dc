import type { AudioPlatform, ListFilter, Page, Release } from "@core/content/types";
import { DEFAULT_LIST_PAGE_SIZE, paging, toPage } from "../paging";
import { parseJson } from "./rows";
import { likePattern, rowsOf, totalOf } from "./sql";

interface ReleaseRow {
  id: number;
  slug: string;
  title: string;
  artist_name: string;
  release_date: string;
  artwork: string | null;
  release_type: string | null;
  total_duration: string | null;
  description: string;
  credits: string;
  catalog_number: string | null;
  is_featured: number;
  tracks_json: string | null;
  links_json: string | null;
}

interface TrackJson {
  track_number: number;
  title: string;
  artist_name: string | null;
  duration: string | null;
  audio_url: string | null;
  audio_platform: AudioPlatform | null;
  is_primary_track: number;
  is_featured: number;
}

interface LinkJson {
  platform: string;
  custom_platform_name: string | null;
  url: string;
}

const PLATFORM_NAMES: Record<string, string> = {
  bandcamp: "Bandcamp",
  beatport: "Beatport",
  juno: "Juno Download",
  spotify: "Spotify",
  "apple-music": "Apple Music",
  traxsource: "Traxsource",
};

const COLUMNS = `r.*,
  (SELECT json_group_array(json_object('track_number', t.track_number, 'title', t.title,
     'artist_name', t.artist_name, 'duration', t.duration, 'audio_url', t.audio_url,
     'audio_platform', t.audio_platform, 'is_primary_track', t.is_primary_track,
     'is_featured', t.is_featured))
   FROM (SELECT * FROM release_tracks WHERE release_id = r.id ORDER BY track_number) t) AS tracks_json,
  (SELECT json_group_array(json_object('platform', l.platform,
     'custom_platform_name', l.custom_platform_name, 'url', l.url))
   FROM (SELECT * FROM release_purchase_links WHERE release_id = r.id ORDER BY position, id) l)
   AS links_json`;

function toRelease(row: ReleaseRow): Release {
  const links: Record<string, string> = {};
  for (const link of parseJson<LinkJson[]>(row.links_json, [])) {
    const name = link.custom_platform_name?.trim() || PLATFORM_NAMES[link.platform] || link.platform;
    links[name] = link.url;
  }
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    artist: row.artist_name,
    releaseDate: row.release_date,
    artwork: row.artwork,
    releaseType: row.release_type || "Single",
    totalDuration: row.total_duration,
    description: row.description,
    credits: row.credits,
    catalogNumber: row.catalog_number,
    isFeatured: row.is_featured === 1,
    tracks: parseJson<TrackJson[]>(row.tracks_json, []).map((t) => ({
      trackNumber: t.track_number,
      title: t.title,
      artist: t.artist_name,
      duration: t.duration,
      audioUrl: t.audio_url,
      audioPlatform: t.audio_platform,
      isPrimary: t.is_primary_track === 1,
      isFeatured: t.is_featured === 1,
    })),
    purchaseLinks: links,
  };
}

/** Published releases, newest first; search on title and artist (docs/product.md section 7). */
export async function listReleases(db: D1Database, filter: ListFilter = {}): Promise<Page<Release>> {
  const { page, pageSize, offset } = paging(filter.page, filter.pageSize, DEFAULT_LIST_PAGE_SIZE);
  const search = filter.search?.trim();
  const where = `r.pub_status = 'published'${
    search ? " AND (r.title LIKE ?1 ESCAPE '\\' OR r.artist_name LIKE ?1 ESCAPE '\\')" : ""
  }`;
  const params = search ? [likePattern(search)] : [];
  const n = params.length;
  const [rows, count] = await db.batch([
    db
      .prepare(
        `SELECT ${COLUMNS} FROM releases r WHERE ${where}
         ORDER BY r.release_date DESC, r.id DESC LIMIT ?${n + 1} OFFSET ?${n + 2}`,
      )
      .bind(...params, pageSize, offset),
    db.prepare(`SELECT COUNT(*) AS total FROM releases r WHERE ${where}`).bind(...params),
  ]);
  const total = totalOf(count);
  return toPage(rowsOf<ReleaseRow>(rows).map(toRelease), page, pageSize, total);
}

/** A published release by slug or numeric id. */
export async function getRelease(db: D1Database, slugOrId: string): Promise<Release | null> {
  const row = await db
    .prepare(
      `SELECT ${COLUMNS} FROM releases r
       WHERE (r.slug = ?1 OR CAST(r.id AS TEXT) = ?1) AND r.pub_status = 'published'`,
    )
    .bind(slugOrId)
    .first<ReleaseRow>();
  return row ? toRelease(row) : null;
}
