import { LISTED_KINDS } from "@core/content/catalogue";
import { storedDocument } from "@core/content/document";
import type { RowFields } from "@core/content/kind";
import { MIXTAPE_FIELDS, type Mixtape } from "@core/content/mixtape";
import type { Taxon } from "@core/content/taxon";
import { entryRefs, refsOf } from "./artist-refs";
import { columnList, siteOf } from "./kind-rows";
import { datedTable } from "./published";
import { identity, parseJson, toTracklist } from "./rows";
import { firstSlugColumn, firstSlugOf } from "./sql";

export interface MixtapeRow extends RowFields<typeof MIXTAPE_FIELDS> {
  id: number;
  slug: string;
  /** JSON: the document of core/content/document.ts. */
  description: string;
  /** JSON [{position, artist, title, time?}]. */
  tracklist: string;
  genres_json: string | null;
  artists_json: string | null;
  /** Its oldest former slug (migrations/0017_slug_redirects.sql); not read by a lean list. */
  first_slug?: string | null;
}

const MIXTAPE_OWN_COLUMNS = `m.id, m.slug, ${columnList(MIXTAPE_FIELDS, "m")}`;

/**
 * A mixtape's columns (core/content/mixtape.ts), its genres and its artists (author and
 * tracklist entries) as JSON from its extras row (scripts/content/sql/extras-sql.ts,
 * cards-sql.ts), joined by MIXTAPE_EXTRAS.
 */
export const MIXTAPE_COLUMNS = `${MIXTAPE_OWN_COLUMNS}, m.description, m.tracklist, mx.genres_json, mx.artists_json,
  ${firstSlugColumn("m", "mixtapes")}`;

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
    ...siteOf(MIXTAPE_FIELDS, row),
    ...identity(row),
    description: storedDocument(row.description),
    tracklist,
    trackCount: row.track_count || tracklist.length,
    audio,
    genres: parseJson<Taxon[]>(row.genres_json, []),
    category: "Mixtape",
    artists: refsOf(refs, 0),
    ...firstSlugOf(row),
  };
}

/** Published mixtapes, newest first and searched by title; one by slug or numeric id. */
export const mixtapes = datedTable<MixtapeRow, Mixtape>({
  table: LISTED_KINDS.Mixtape.table,
  alias: "m",
  date: LISTED_KINDS.Mixtape.date,
  columns: MIXTAPE_COLUMNS,
  extras: MIXTAPE_EXTRAS,
  cardColumns: MIXTAPE_COLUMNS,
  // Slug and date (the sitemap): no description or tracklist, the long columns.
  leanColumns: `${MIXTAPE_OWN_COLUMNS}, '' AS description, '[]' AS tracklist, NULL AS genres_json,
    NULL AS artists_json`,
  searchWhere: "m.title LIKE ?1 ESCAPE '\\'",
  toItem: toMixtape,
});
