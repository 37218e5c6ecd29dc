// The demo catalogue's records: one per table row of migrations/0001_catalogue.sql; join tables
// are folded into their owner as id lists. Booleans stand for the 0/1 INTEGER columns; to-sql.ts
// writes them as 1/0.

import type { AudioPlatform } from "@core/content/audio";
import type { EventStatus } from "@core/content/event";
import type { PostCategory } from "@core/content/post";
import type { EventColumns, PubStatus, ReleaseColumns } from "@core/content/rows";

export type { AudioPlatform, EventStatus, PostCategory, PubStatus };

export interface TaxonRef {
  name: string;
  slug: string;
}

export interface GenreRecord {
  id: number;
  slug: string;
  name: string;
}

export interface LocationRecord {
  id: number;
  slug: string;
  name: string;
  type: "city" | "region" | "country";
}

export interface PostRecord {
  id: number;
  slug: string;
  title: string;
  artist_name: string | null;
  excerpt: string;
  /** Paragraphs; stored as a JSON array in posts.content. */
  content: string[];
  /** 'YYYY-MM-DDTHH:MM:SS.000Z' */
  post_date: string;
  category: PostCategory;
  cover_image: string | null;
  is_featured: boolean;
  audio_platform: AudioPlatform | null;
  primary_audio_url: string | null;
  audio_file: string | null;
  track_title: string | null;
  pub_status: PubStatus;
  /** post_genres rows */
  genre_ids: number[];
  /** post_locations rows */
  location_ids: number[];
  /** post_tags rows (slug form) */
  tags: string[];
}

export interface AggregatedPostRecord {
  id: number;
  original_url: string;
  title: string;
  artist_name: string | null;
  excerpt: string;
  content: string[];
  /** 'YYYY-MM-DDTHH:MM:SS.000Z' */
  published_date: string;
  featured_image: string | null;
  genres: TaxonRef[];
  locations: TaxonRef[];
  /** A streaming URL or null. */
  audio: string | null;
  pub_status: PubStatus;
}

export interface TracklistEntry {
  position: number;
  artist: string;
  title: string;
  /** Start cue 'MM:SS'. */
  time: string;
}

export interface MixtapeRecord {
  id: number;
  slug: string;
  title: string;
  artist_name: string;
  /** 'YYYY-MM-DD' */
  release_date: string;
  cover_image: string | null;
  description: string;
  tracklist: TracklistEntry[];
  /** 'MM:SS', or the column default '0:00' when unknown. */
  duration: string;
  track_count: number;
  download_url: string | null;
  external_audio_url: string | null;
  audio_file: string | null;
  audio_platform: AudioPlatform | null;
  is_featured: boolean;
  pub_status: PubStatus;
  /** mixtape_genres rows */
  genre_ids: number[];
}

export interface ReleaseTrackRecord {
  id: number;
  release_id: number;
  track_number: number;
  title: string;
  artist_name: string;
  /** 'M:SS' */
  duration: string;
  audio_url: string | null;
  audio_platform: AudioPlatform | null;
  is_primary_track: boolean;
  is_featured: boolean;
}

export interface PurchaseLinkRecord {
  id: number;
  release_id: number;
  /** bandcamp, beatport, juno, spotify, apple-music or custom */
  platform: string;
  custom_platform_name: string | null;
  url: string;
  position: number;
}

export interface ReleaseRecord extends ReleaseColumns {
  release_type: "Single" | "EP" | "Album";
  catalog_number: string;
  is_featured: boolean;
  pub_status: PubStatus;
  tracks: ReleaseTrackRecord[];
  purchase_links: PurchaseLinkRecord[];
}

export interface EventRecord extends EventColumns {
  location_id: number | null;
  lineup: string[];
  is_featured: boolean;
  pub_status: PubStatus;
}

export interface Catalogue {
  genres: GenreRecord[];
  locations: LocationRecord[];
  posts: PostRecord[];
  aggregatedPosts: AggregatedPostRecord[];
  mixtapes: MixtapeRecord[];
  releases: ReleaseRecord[];
  events: EventRecord[];
}
