import type { AggregatedPost } from "./aggregated-post";
import type { ArtistRef } from "./artist-ref";
import { AUDIO_PLATFORMS, type AudioPlatform } from "./audio";
import type { Document } from "./document";
import { type Fields, PUB_STATUS, PUBLISH_AT, type SiteFields } from "./kind";
import type { Taxon } from "./taxon";

/**
 * A blog post (docs/product.md section 3). Adapters translate their sources (SQL rows, Strapi
 * JSON, Meilisearch hits) into these shapes; nothing else sees a source's own field names.
 */

export const POST_CATEGORIES = ["news", "interviews", "premieres", "reviews", "features"] as const;
export type PostCategory = (typeof POST_CATEGORIES)[number];

/**
 * A post's fields in content-file order (./kind.ts, docs/decisions/128-one-definition-per-kind.md):
 * the columns of migrations/0001_catalogue.sql's posts, the front matter of posts/<slug>.md.
 */
export const POST_FIELDS = {
  id: { value: "own" },
  title: { value: "filled", site: "title" },
  /** 'Unknown Artist' is a display default applied by the page, not stored. */
  artist_name: { value: "name", site: "artist" },
  artists: { value: "own" },
  excerpt: { value: "text", site: "excerpt" },
  /** The site's `date`: ISO 8601 (postDate, or publishedAt when the CMS has no postDate). */
  post_date: { value: "instant", site: "date", strapi: "postDate" },
  category: { value: "pick", of: POST_CATEGORIES, fallback: "news", site: "category" },
  pub_status: PUB_STATUS,
  publish_at: PUBLISH_AT,
  is_featured: { value: "flag", site: "isFeatured" },
  genres: { value: "own" },
  locations: { value: "own" },
  tags: { value: "own" },
  /** Absolute or site-relative URL; null means the page shows the placeholder cover. */
  cover_image: { value: "media", site: "coverImage", strapi: "coverImage" },
  // The audio's parts: the site's `audio` (PostAudio), each adapter's own code.
  audio_platform: { value: "pick", of: AUDIO_PLATFORMS, fallback: null },
  primary_audio_url: { value: "optional" },
  audio_file: { value: "media" },
  track_title: { value: "optional" },
  /** Slugs it had before, oldest first: each answers 301 to its page (docs/decisions/151-renamed-slugs-redirect.md). */
  former_slugs: { value: "own" },
} as const satisfies Fields;

/** A blog post in its shown form (docs/product.md section 3: id is the slug). */
export interface Post extends SiteFields<typeof POST_FIELDS> {
  id: string;
  numericId: number;
  slug: string;
  /** The body (./document.ts): pages render it with React, feeds as escaped HTML. */
  content: Document;
  tags: string[];
  genres: Taxon[];
  locations: Taxon[];
  audio: PostAudio | null;
  /** The artists the post is about, when they have a page. */
  artists?: ArtistRef[];
  /**
   * The slug it was first published under, when it has been renamed since (its oldest former
   * slug): its feed items' guid stays that address (docs/decisions/152-feed-guids-survive-renames.md).
   */
  firstSlug?: string;
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
