import type { ArtistRef } from "./artist-ref";
import { AUDIO_PLATFORMS, type AudioPlatform } from "./audio";
import type { Document } from "./document";
import { type Fields, PUB_STATUS, PUBLISH_AT, type SiteFields } from "./kind";
import type { Taxon } from "./taxon";

export interface MixtapeTrack {
  position: number;
  artist: string;
  title: string;
  time: string | null;
  artists?: ArtistRef[];
}

/**
 * A mixtape's fields in content-file order (./kind.ts, docs/decisions/128-one-definition-per-kind.md):
 * the columns of migrations/0001_catalogue.sql's mixtapes, the front matter of mixtapes/<slug>.md
 * (its description is the file's body).
 */
export const MIXTAPE_FIELDS = {
  id: { value: "own" },
  title: { value: "filled", site: "title" },
  artist_name: { value: "optional", site: "artist" },
  artists: { value: "own" },
  /** 'YYYY-MM-DD'. */
  release_date: { value: "day", site: "releaseDate" },
  pub_status: PUB_STATUS,
  publish_at: PUBLISH_AT,
  is_featured: { value: "flag", site: "isFeatured" },
  genres: { value: "own" },
  cover_image: { value: "media", site: "coverImage", strapi: "coverImage" },
  /** 'MM:SS', or the column default '0:00' when unknown. */
  duration: { value: "clock", fallback: "0:00", site: "duration" },
  // The site's trackCount falls back to the tracklist's length: each adapter's own code.
  track_count: { value: "count" },
  // The audio's parts: the site's `audio`, each adapter's own code.
  audio_platform: { value: "pick", of: AUDIO_PLATFORMS, fallback: null },
  audio_file: { value: "media" },
  external_audio_url: { value: "optional" },
  download_url: { value: "optional", site: "downloadUrl" },
  tracklist: { value: "own" },
  /** Slugs it had before, oldest first: each answers 301 to its page (docs/decisions/151-renamed-slugs-redirect.md). */
  former_slugs: { value: "own" },
} as const satisfies Fields;

/** A mixtape with its tracklist (docs/product.md section 3). */
export interface Mixtape extends SiteFields<typeof MIXTAPE_FIELDS> {
  id: number;
  slug: string;
  /** The description (./document.ts). */
  description: Document;
  tracklist: MixtapeTrack[];
  trackCount: number;
  audio: { platform: AudioPlatform; url: string } | null;
  genres: Taxon[];
  category: "Mixtape";
  /** Who mixed it, when they have a page. */
  artists?: ArtistRef[];
  /**
   * The slug it was first published under, when it has been renamed since (its oldest former
   * slug): its feed items' guid stays that address (docs/decisions/152-feed-guids-survive-renames.md).
   */
  firstSlug?: string;
}
