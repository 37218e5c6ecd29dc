import type { AggregatedPost } from "./aggregated-post";
import type { ArtistRef } from "./artist-ref";
import type { AudioPlatform } from "./audio";
import type { Taxon } from "./taxon";

/**
 * A blog post (docs/product.md section 3). Adapters translate their sources (SQL rows, Strapi
 * JSON, Meilisearch hits) into these shapes; nothing else sees a source's own field names.
 */

export const POST_CATEGORIES = ["news", "interviews", "premieres", "reviews", "features"] as const;
export type PostCategory = (typeof POST_CATEGORIES)[number];

/** A blog post in its shown form (docs/product.md section 3: id is the slug). */
export interface Post {
  id: string;
  numericId: number;
  slug: string;
  title: string;
  /** 'Unknown Artist' is a display default applied by the page, not stored here. */
  artist: string | null;
  excerpt: string;
  /** Rich-text paragraphs as plain strings; pages render each as a <p>. */
  content: string[];
  /** ISO 8601 (postDate, or publishedAt when the CMS has no postDate). */
  date: string;
  category: PostCategory;
  tags: string[];
  genres: Taxon[];
  locations: Taxon[];
  /** Absolute or site-relative URL; null means the page shows the placeholder cover. */
  coverImage: string | null;
  isFeatured: boolean;
  audio: PostAudio | null;
  /** The artists the post is about, when they have a page. */
  artists?: ArtistRef[];
}

export interface PostAudio {
  platform: AudioPlatform;
  /** primary_audio_url for streaming platforms, audio_file for local files. */
  url: string;
  trackTitle: string | null;
}

/** One row of the combined /blog listing. */
export type ListedPost = ({ kind: "post" } & Post) | ({ kind: "aggregated" } & AggregatedPost);

export interface PostFilter {
  page?: number;
  pageSize?: number;
  /** As ListFilter's: only slug and date needed (the sitemap). */
  lean?: boolean;
  category?: PostCategory;
  tag?: string;
  /** Slugs; several values OR, an empty list means no filter (docs/product.md section 5). */
  genres?: string[];
  locations?: string[];
  search?: string;
}
