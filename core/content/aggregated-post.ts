import type { ArtistRef } from "./artist-ref";
import type { Taxon } from "./taxon";

/** A post syndicated from elsewhere; it links to original_url (docs/product.md section 3). */
export interface AggregatedPost {
  id: string;
  originalUrl: string;
  title: string;
  artist: string | null;
  excerpt: string;
  date: string;
  featuredImage: string | null;
  genres: Taxon[];
  locations: Taxon[];
  audio: string | null;
  artists?: ArtistRef[];
}
