import type { ArtistRef } from "./artist-ref";
import type { AudioPlatform } from "./audio";
import type { Document } from "./document";
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
  credits: { value: "own" },
  tracks: { value: "own" },
  purchase_links: { value: "own" },
  /** Slugs it had before, oldest first: each answers 301 to its page (docs/decisions/151-renamed-slugs-redirect.md). */
  former_slugs: { value: "own" },
} as const satisfies Fields;

/** A label release with its tracks and purchase links (docs/product.md section 3). */
export interface Release extends SiteFields<typeof RELEASE_FIELDS> {
  id: number;
  slug: string;
  /** The description (./document.ts), shown under the title. */
  description: Document;
  /** Who made it (./document.ts); empty: the page has no Credits section. */
  credits: Document;
  tracks: ReleaseTrack[];
  /** Platform display name → URL (docs/product.md section 3). */
  purchaseLinks: Record<string, string>;
  artists?: ArtistRef[];
  /**
   * The slug it was first published under, when it has been renamed since (its oldest former
   * slug): its feed items' guid stays that address (docs/decisions/152-feed-guids-survive-renames.md).
   */
  firstSlug?: string;
}
