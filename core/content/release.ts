import type { ArtistRef } from "./artist-ref";
import type { AudioPlatform } from "./audio";
import { type Fields, PUB_STATUS, PUBLISH_AT, type SiteFields } from "./kind";

export interface ReleaseTrack {
  trackNumber: number;
  title: string;
  artist: string | null;
  duration: string | null;
  audioUrl: string | null;
  audioPlatform: AudioPlatform | null;
  isPrimary: boolean;
  isFeatured: boolean;
  /** A track's own artists (when not the release's), when they have a page. */
  artists?: ArtistRef[];
}

/**
 * A release's fields in content-file order (./kind.ts, docs/decisions/128-one-definition-per-kind.md):
 * the columns of migrations/0001_catalogue.sql's releases, the front matter of releases/<slug>.md
 * (its description is the file's body).
 */
export const RELEASE_FIELDS = {
  id: { value: "own" },
  title: { value: "filled", site: "title" },
  artist_name: { value: "filled", site: "artist" },
  artists: { value: "own" },
  /** 'YYYY-MM-DD'. */
  release_date: { value: "day", site: "releaseDate" },
  /** Single, EP or Album; the column's default 'Single' when empty. */
  release_type: { value: "preset", fallback: "Single", site: "releaseType" },
  catalog_number: { value: "optional", site: "catalogNumber" },
  total_duration: { value: "clock", site: "totalDuration" },
  pub_status: PUB_STATUS,
  publish_at: PUBLISH_AT,
  is_featured: { value: "flag", site: "isFeatured" },
  artwork: { value: "media", site: "artwork" },
  credits: { value: "text", site: "credits" },
  tracks: { value: "own" },
  purchase_links: { value: "own" },
} as const satisfies Fields;

/** A label release with its tracks and purchase links (docs/product.md section 3). */
export interface Release extends SiteFields<typeof RELEASE_FIELDS> {
  id: number;
  slug: string;
  description: string;
  tracks: ReleaseTrack[];
  /** Platform display name → URL (docs/product.md section 3). */
  purchaseLinks: Record<string, string>;
  artists?: ArtistRef[];
}
