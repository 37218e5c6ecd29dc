import type { ArtistRef } from "./artist-ref";
import type { AudioPlatform } from "./audio";
import type { Taxon } from "./taxon";

export interface MixtapeTrack {
  position: number;
  artist: string;
  title: string;
  time: string | null;
  artists?: ArtistRef[];
}

/** A mixtape with its tracklist (docs/product.md section 3). */
export interface Mixtape {
  id: number;
  slug: string;
  title: string;
  artist: string | null;
  releaseDate: string;
  coverImage: string | null;
  description: string;
  tracklist: MixtapeTrack[];
  duration: string;
  trackCount: number;
  downloadUrl: string | null;
  audio: { platform: AudioPlatform; url: string } | null;
  genres: Taxon[];
  isFeatured: boolean;
  category: "Mixtape";
  /** Who mixed it, when they have a page. */
  artists?: ArtistRef[];
}
