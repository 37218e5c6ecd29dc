import type { ArtistRef } from "./artist-ref";
import { type Fields, PUB_STATUS, PUBLISH_AT, type SiteFields } from "./kind";
import type { Taxon } from "./taxon";

/**
 * An aggregated post's fields in content-file order (./kind.ts,
 * docs/decisions/128-one-definition-per-kind.md): the columns of migrations/0001_catalogue.sql's
 * aggregated_posts, the front matter of aggregated/<n>.md (its content is the file's body).
 */
export const AGGREGATED_FIELDS = {
  id: { value: "own" },
  original_url: { value: "link", site: "originalUrl" },
  title: { value: "filled", site: "title" },
  artist_name: { value: "name", site: "artist" },
  artists: { value: "own" },
  excerpt: { value: "text", site: "excerpt" },
  /** The site's `date`: ISO 8601 (in Strapi, postDate or publishedAt when it has none). */
  published_date: { value: "instant", site: "date" },
  pub_status: PUB_STATUS,
  publish_at: PUBLISH_AT,
  featured_image: { value: "media", site: "featuredImage" },
  genres: { value: "own" },
  locations: { value: "own" },
  /** A streaming URL (in Strapi, its uploaded audio_file when it has none). */
  audio: { value: "optional", site: "audio" },
} as const satisfies Fields;

/** A post syndicated from elsewhere; it links to original_url (docs/product.md section 3). */
export interface AggregatedPost extends SiteFields<typeof AGGREGATED_FIELDS> {
  id: string;
  genres: Taxon[];
  locations: Taxon[];
  artists?: ArtistRef[];
}
