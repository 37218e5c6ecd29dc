import type { AudioPlatform } from "@core/content/audio";
import { LISTED_KINDS } from "@core/content/catalogue";
import { storedDocument } from "@core/content/document";
import type { RowFields } from "@core/content/kind";
import { RELEASE_FIELDS, type Release } from "@core/content/release";
import { type PurchaseLinkFields, purchaseLinks } from "../purchase-links";
import { entryRefs, refsOf } from "./artist-refs";
import { columnList, siteOf } from "./kind-rows";
import { datedTable } from "./published";
import { identity, parseJson } from "./rows";
import { firstSlugColumn, firstSlugOf } from "./sql";

export interface ReleaseRow extends RowFields<typeof RELEASE_FIELDS> {
  id: number;
  slug: string;
  /** JSON: the documents of core/content/document.ts. */
  description: string;
  credits: string;
  tracks_json: string | null;
  links_json: string | null;
  artists_json: string | null;
  /** Its oldest former slug (migrations/0017_slug_redirects.sql); not read by a lean list. */
  first_slug?: string | null;
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

/** A release's artists, kept in its extras row by triggers (scripts/content/sql/cards-sql.ts). */
const RELEASE_ARTISTS = "(SELECT artists_json FROM release_extras WHERE release_id = r.id) AS artists_json";

/** A release's own row (core/content/release.ts). */
const RELEASE_OWN_COLUMNS = `r.id, r.slug, ${columnList(RELEASE_FIELDS, "r")}, r.description, r.credits,
  ${firstSlugColumn("r", "releases")}`;

/** A release with its tracks, purchase links and artists: what its page shows. */
export const RELEASE_COLUMNS = `${RELEASE_OWN_COLUMNS},
  (SELECT json_group_array(json_object('track_number', t.track_number, 'title', t.title,
     'artist_name', t.artist_name, 'duration', t.duration, 'audio_url', t.audio_url,
     'audio_platform', t.audio_platform, 'is_primary_track', t.is_primary_track,
     'is_featured', t.is_featured))
   FROM (SELECT * FROM release_tracks WHERE release_id = r.id ORDER BY track_number) t) AS tracks_json,
  (SELECT json_group_array(json_object('platform', l.platform,
     'custom_platform_name', l.custom_platform_name, 'url', l.url))
   FROM (SELECT * FROM release_purchase_links WHERE release_id = r.id ORDER BY position, id) l)
   AS links_json,
  ${RELEASE_ARTISTS}`;

export function toRelease(row: ReleaseRow): Release {
  const refs = entryRefs(row.artists_json);
  return {
    ...siteOf(RELEASE_FIELDS, row),
    ...identity(row),
    description: storedDocument(row.description),
    credits: storedDocument(row.credits),
    tracks: parseJson<TrackJson[]>(row.tracks_json, []).map((t) => ({
      trackNumber: t.track_number,
      title: t.title,
      artist: t.artist_name,
      duration: t.duration,
      audioUrl: t.audio_url,
      audioPlatform: t.audio_platform,
      isPrimary: t.is_primary_track === 1,
      isFeatured: t.is_featured === 1,
      artists: refsOf(refs, t.track_number),
    })),
    purchaseLinks: purchaseLinks(parseJson<PurchaseLinkFields[]>(row.links_json, [])),
    artists: refsOf(refs, 0),
    ...firstSlugOf(row),
  };
}

/** Published releases, newest first and searched by title and artist (docs/product.md section 7). */
export const releases = datedTable<ReleaseRow, Release>({
  table: LISTED_KINDS.Release.table,
  alias: "r",
  date: LISTED_KINDS.Release.date,
  columns: RELEASE_COLUMNS,
  extras: "",
  // A card shows no track or purchase link (about 12 rows a release at 100 a page).
  cardColumns: `${RELEASE_OWN_COLUMNS}, NULL AS tracks_json, NULL AS links_json, ${RELEASE_ARTISTS}`,
  // Slug and date (the sitemap): no description or credits, the long columns.
  leanColumns: `r.id, r.slug, ${columnList(RELEASE_FIELDS, "r")}, '' AS description, '' AS credits,
    NULL AS tracks_json, NULL AS links_json, NULL AS artists_json`,
  searchWhere: "(r.title LIKE ?1 ESCAPE '\\' OR r.artist_name LIKE ?1 ESCAPE '\\')",
  toItem: toRelease,
});
