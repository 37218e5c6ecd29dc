/**
 * Domain types of Crossfade (SPEC.md section 3, DESIGN.md section 5). Adapters translate their
 * sources (SQL rows, Strapi JSON, Meilisearch hits) into these shapes; nothing else sees a
 * source's own field names.
 */

export type PubStatus = "draft" | "published";
export type AudioPlatform = "local" | "youtube" | "soundcloud" | "spotify";
export const POST_CATEGORIES = ["news", "interviews", "premieres", "reviews", "features"] as const;
export type PostCategory = (typeof POST_CATEGORIES)[number];

export interface Taxon {
  name: string;
  slug: string;
}

export interface Genre extends Taxon {
  id: number;
  postCount: number;
}

export interface Location extends Taxon {
  id: number;
  type: string;
  postCount: number;
}

/** A blog post in its shown form (SPEC.md section 3: id is the slug). */
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
}

export interface PostAudio {
  platform: AudioPlatform;
  /** primary_audio_url for streaming platforms, audio_file for local files. */
  url: string;
  trackTitle: string | null;
}

/** A post syndicated from elsewhere; it links to original_url. */
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
}

/** One row of the combined /blog listing. */
export type ListedPost = ({ kind: "post" } & Post) | ({ kind: "aggregated" } & AggregatedPost);

export interface MixtapeTrack {
  position: number;
  artist: string;
  title: string;
  time: string | null;
}

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
}

export interface ReleaseTrack {
  trackNumber: number;
  title: string;
  artist: string | null;
  duration: string | null;
  audioUrl: string | null;
  audioPlatform: AudioPlatform | null;
  isPrimary: boolean;
  isFeatured: boolean;
}

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
  /** Platform display name → URL (SPEC.md: "shown as a map by platform name"). */
  purchaseLinks: Record<string, string>;
}

export type EventStatus = "scheduled" | "postponed" | "cancelled";

export interface MusicEvent {
  id: number;
  slug: string;
  title: string;
  startsAt: string;
  endsAt: string | null;
  timezone: string;
  venue: string;
  address: string | null;
  city: string;
  location: Taxon | null;
  lineup: string[];
  description: string;
  coverImage: string | null;
  ticketUrl: string | null;
  price: string | null;
  status: EventStatus;
  isFeatured: boolean;
}

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
}

export interface PostFilter {
  page?: number;
  pageSize?: number;
  category?: PostCategory;
  tag?: string;
  /** Slugs; several values OR, an empty list means no filter (SPEC.md section 5). */
  genres?: string[];
  locations?: string[];
  search?: string;
}

export interface ListFilter {
  page?: number;
  pageSize?: number;
  search?: string;
}

export interface EventLists {
  upcoming: MusicEvent[];
  past: MusicEvent[];
}

/** The content port every source implements (DESIGN.md section 4). */
export interface ContentStore {
  readonly kind: "d1" | "strapi";
  listPosts(filter?: PostFilter): Promise<Page<Post>>;
  /** Posts and aggregated posts together, newest first (the /blog listing). */
  listCombinedPosts(filter?: PostFilter): Promise<Page<ListedPost>>;
  getPost(slug: string): Promise<Post | null>;
  listGenres(): Promise<Genre[]>;
  listLocations(): Promise<Location[]>;
  listTags(): Promise<string[]>;
  listMixtapes(filter?: ListFilter): Promise<Page<Mixtape>>;
  getMixtape(slugOrId: string): Promise<Mixtape | null>;
  listReleases(filter?: ListFilter): Promise<Page<Release>>;
  getRelease(slugOrId: string): Promise<Release | null>;
  listEvents(now: Date): Promise<EventLists>;
  getEvent(slugOrId: string): Promise<MusicEvent | null>;
}

/** What loaders receive through the router context. */
export interface ContentService {
  store: ContentStore;
  siteUrl: string;
  siteName: string;
}
