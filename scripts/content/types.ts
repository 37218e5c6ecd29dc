// The demo catalogue's records: one per table row of migrations/0001_catalogue.sql; join tables
// are folded into their owner as id lists. Booleans stand for the 0/1 INTEGER columns; to-sql.ts
// writes them as 1/0.

import type { AGGREGATED_FIELDS } from "@core/content/aggregated-post";
import type { ARTIST_FIELDS } from "@core/content/artist";
import type { AudioPlatform } from "@core/content/audio";
import type { EVENT_FIELDS, EventStatus } from "@core/content/event";
import type { ColumnFields } from "@core/content/kind";
import type { MIXTAPE_FIELDS } from "@core/content/mixtape";
import type { POST_FIELDS, PostCategory } from "@core/content/post";
import type { RELEASE_FIELDS } from "@core/content/release";
import type { PubStatus } from "@core/content/rows";

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

/** A post: its simple columns as core/content/post.ts defines them ('post_date' as '…T…:00.000Z'). */
export interface PostRecord extends ColumnFields<typeof POST_FIELDS> {
  id: number;
  slug: string;
  /** Paragraphs; stored as a JSON array in posts.content. */
  content: string[];
  /** post_genres rows */
  genre_ids: number[];
  /** post_locations rows */
  location_ids: number[];
  /** post_tags rows (slug form) */
  tags: string[];
  /** post_artists rows, in order */
  artist_ids: number[];
}

/** An aggregated post: its simple columns as core/content/aggregated-post.ts defines them. */
export interface AggregatedPostRecord extends ColumnFields<typeof AGGREGATED_FIELDS> {
  id: number;
  /** Paragraphs; stored as a JSON array in aggregated_posts.content. */
  content: string[];
  genres: TaxonRef[];
  locations: TaxonRef[];
  /** aggregated_post_artists rows, in order */
  artist_ids: number[];
}

export interface TracklistEntry {
  position: number;
  artist: string;
  title: string;
  /** Start cue 'MM:SS'. */
  time: string;
}

/** A mixtape: its simple columns as core/content/mixtape.ts defines them. */
export interface MixtapeRecord extends ColumnFields<typeof MIXTAPE_FIELDS> {
  id: number;
  slug: string;
  description: string;
  tracklist: TracklistEntry[];
  /** mixtape_genres rows */
  genre_ids: number[];
  /** mixtape_artists rows of the mix's author (entry 0), in order */
  artist_ids: number[];
  /** mixtape_artists rows of tracklist entries: the entry's position and the artist */
  track_artists: EntryArtist[];
}

/** An artist linked to one entry of a list (a tracklist position, a release's track number). */
export interface EntryArtist {
  entry: number;
  artist_id: number;
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

/** A release: its simple columns as core/content/release.ts defines them. */
export interface ReleaseRecord extends ColumnFields<typeof RELEASE_FIELDS> {
  id: number;
  slug: string;
  description: string;
  tracks: ReleaseTrackRecord[];
  purchase_links: PurchaseLinkRecord[];
  /** release_artists rows of the release (track 0), in order */
  artist_ids: number[];
  /** release_artists rows of tracks with an artist of their own: the track number and the artist */
  track_artists: EntryArtist[];
}

/** An event: its simple columns as core/content/event.ts defines them. */
export interface EventRecord extends ColumnFields<typeof EVENT_FIELDS> {
  id: number;
  slug: string;
  description: string;
  location_id: number | null;
  lineup: string[];
  /** event_artists rows: the lineup entry's position (from 1) and the artist */
  lineup_artists: EntryArtist[];
}

export interface ArtistLinkRecord {
  id: number;
  artist_id: number;
  /** bandcamp, soundcloud, instagram, website, … or custom */
  platform: string;
  custom_platform_name: string | null;
  url: string;
  position: number;
}

/** An artist (migrations/0008_artists.sql): its genres and links folded in. */
/** An artist: its simple columns as core/content/artist.ts defines them. */
export interface ArtistRecord extends ColumnFields<typeof ARTIST_FIELDS> {
  id: number;
  slug: string;
  /** Markdown paragraphs joined by blank lines. */
  bio: string;
  location_id: number | null;
  /** artist_genres rows */
  genre_ids: number[];
  links: ArtistLinkRecord[];
  /** artist_redirects rows: slugs the artist had before, answered with a 301 */
  former_slugs: string[];
}

export interface Catalogue {
  genres: GenreRecord[];
  locations: LocationRecord[];
  artists: ArtistRecord[];
  posts: PostRecord[];
  aggregatedPosts: AggregatedPostRecord[];
  mixtapes: MixtapeRecord[];
  releases: ReleaseRecord[];
  events: EventRecord[];
}

/** A record as its builder makes it, before build-artists.ts links it to the artists. */
export type Unlinked<T> = Omit<T, "artist_ids" | "track_artists" | "lineup_artists">;
