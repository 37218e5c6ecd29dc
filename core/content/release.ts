import type { ArtistRef } from "./artist-ref";
import type { AudioPlatform } from "./audio";

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

/** A label release with its tracks and purchase links (docs/product.md section 3). */
export interface Release {
  id: number;
  slug: string;
  title: string;
  artist: string;
  releaseDate: string;
  artwork: string | null;
  releaseType: string;
  totalDuration: string | null;
  description: string;
  credits: string;
  catalogNumber: string | null;
  isFeatured: boolean;
  tracks: ReleaseTrack[];
  /** Platform display name → URL (docs/product.md section 3). */
  purchaseLinks: Record<string, string>;
  artists?: ArtistRef[];
}
