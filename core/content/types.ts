import type { ParsedSearch } from "../search/params";
import type { KnownTaxa, SearchResults } from "../search/results";

/**
 * Domain types of Crossfade (docs/product.md section 3, docs/product.md). Adapters translate their
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
  /** Platform display name → URL (docs/product.md section 3). */
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
  /** Slugs; several values OR, an empty list means no filter (docs/product.md section 5). */
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

export const SUBMISSION_STATUSES = ["pending", "reviewing", "accepted", "rejected"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** A file the visitor uploaded, already checked by size and by its bytes. */
export interface UploadedFile {
  name: string;
  /** The MIME type detected from the file's bytes, not the one the browser claimed. */
  type: string;
  size: number;
  bytes: ArrayBuffer;
}

/** Where an accepted upload lives: an R2 key (embedded mode) or the CMS's media URL. */
export interface StoredFile {
  name: string;
  type: string;
  size: number;
  /** R2 object key or absolute CMS media URL. */
  location: string;
}

/**
 * What the artist writes in the submission form (docs/product.md section 5), validated: the one
 * field list the form rules, the input of a store and a stored submission share.
 */
export interface SubmissionDetails {
  artistName: string;
  email: string;
  trackTitle: string;
  genre: string | null;
  city: string | null;
  /** Links to the music (one per line in the form). */
  links: string[];
  message: string | null;
  consent: boolean;
}

/** The artist submission form (docs/product.md), validated before it reaches a store. */
export interface SubmissionInput extends SubmissionDetails {
  audioFile: UploadedFile | null;
  artworkFile: UploadedFile | null;
}

export interface Submission extends SubmissionDetails {
  /** Numeric id in D1, documentId in Strapi: what PUT /api/submissions/{id}/status takes. */
  id: string;
  /** The reference shown to the artist, e.g. 'CF-7K3Q-9XPA'. */
  reference: string;
  audioFile: StoredFile | null;
  artworkFile: StoredFile | null;
  status: SubmissionStatus;
  adminNotes: string | null;
  /** ISO 8601. */
  submissionDate: string;
}

export interface SubmissionFilter {
  page?: number;
  /** Default 25 (docs/product.md section 9). */
  pageSize?: number;
  status?: SubmissionStatus;
}

/** The newsletter subscriber payload (docs/product.md section 3). */
export interface SubscriberInput {
  email: string;
  firstName: string | null;
  lastName: string | null;
  city: string | null;
  source: "website_footer";
}

export interface SubscribeResult {
  /** The message to show (the server's message, else 'Successfully subscribed!'). */
  message: string;
}

/**
 * The public reads of the catalogue (docs/architecture.md): what pages, feeds and the search
 * sync read. A failed read follows docs/product.md section 8 (docs/decisions/023-one-failure-path.md).
 */
export interface CatalogueReader {
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

/** Artist submissions: the public form writes them, the admin API lists and reviews them. */
export interface SubmissionStore {
  createSubmission(input: SubmissionInput): Promise<Submission>;
  listSubmissions(filter?: SubmissionFilter): Promise<Page<Submission>>;
  /** One submission by its id (the review desk's detail); null when there is none. */
  getSubmission(id: string): Promise<Submission | null>;
  /** null when no submission has that id. */
  setSubmissionStatus(
    id: string,
    status: SubmissionStatus,
    adminNotes: string | null,
  ): Promise<Submission | null>;
}

/** The newsletter sign-up. */
export interface NewsletterStore {
  /** A repeat sign-up of the same address (any letter case) is not an error. */
  subscribe(input: SubscriberInput): Promise<SubscribeResult>;
  /** The export and unsubscribe of docs/decisions/032-embedded-store-operations.md; absent where the source cannot (Strapi). */
  admin?: NewsletterAdmin;
}

/** One subscriber as the operator's export shows it. */
export interface Subscriber {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  city: string | null;
  source: string;
  /** ISO 8601. */
  subscribedAt: string;
  /** Random, 128 bits as 32 hex digits: the key of the subscriber's unsubscribe link. */
  unsubscribeToken: string;
}

export interface NewsletterAdmin {
  /** Up to `limit` subscribers with ids above `afterId`, by id (the export reads in batches). */
  listSubscribers(afterId: number, limit: number): Promise<Subscriber[]>;
  findByToken(token: string): Promise<Subscriber | null>;
  /** Removes the subscriber with that token; false when there is none (unknown or used). */
  unsubscribe(token: string): Promise<boolean>;
}

export type SearchSort = "relevance" | "newest";

export interface SearchQuery {
  /** Trimmed visitor text, at most 200 characters; may be empty (then: everything, newest). */
  query: string;
  page?: number;
  /** Default 15 for posts. */
  pageSize?: number;
  /** Slugs; OR within a list, AND across lists, an empty list means no filter. */
  genres?: string[];
  locations?: string[];
  isFeatured?: boolean;
  sortBy?: SearchSort;
}

export interface FacetValue {
  slug: string;
  name: string;
  count: number;
}

export interface SearchFacets {
  genres: FacetValue[];
  locations: FacetValue[];
  featured: { yes: number; no: number };
}

/**
 * Highlighted text: the source text with matches wrapped in <mark>…</mark> and nothing else
 * marked up. Renderers escape everything except those two tags.
 */
export interface Highlights {
  title: string;
  artist: string | null;
  excerpt: string;
}

export interface PostHit {
  post: Post;
  highlights: Highlights;
}

export interface MixtapeHit {
  mixtape: Mixtape;
  highlights: Highlights;
}

export interface SearchResult<T> extends Page<T> {
  processingTimeMs: number;
  facets: SearchFacets;
}

export interface Suggestion {
  kind: "post" | "mixtape";
  title: string;
  artist: string | null;
  /** Site-relative URL of the post or mixtape page. */
  href: string;
}

/** The search port (docs/architecture.md): Meilisearch, D1 FTS5 or the CMS's own filters. */
/** The answer of SearchIndex.searchPostsAndMixtapes. */
export interface PostsAndMixtapes {
  posts: SearchResult<PostHit>;
  mixtapes: SearchResult<MixtapeHit>;
}

export interface SearchIndex {
  readonly kind: "meilisearch" | "d1-fts5" | "strapi";
  searchPosts(query: SearchQuery): Promise<SearchResult<PostHit>>;
  searchMixtapes(query: SearchQuery): Promise<SearchResult<MixtapeHit>>;
  /**
   * Both at once: one round trip where the backend allows (Meilisearch's multi-search,
   * docs/decisions/036), so the two succeed or fail together.
   */
  searchPostsAndMixtapes(query: SearchQuery): Promise<PostsAndMixtapes>;
  /** Half posts, half mixtapes, at most `limit` in all. */
  suggest(query: string, limit: number): Promise<Suggestion[]>;
  /** true when the backend answers and has posts (docs/product.md section 4 availability flag). */
  health(): Promise<boolean>;
}

/** What loaders receive through the router context. */
export interface ContentService {
  catalogue: CatalogueReader;
  submissions: SubmissionStore;
  newsletter: NewsletterStore;
  search: SearchIndex;
  siteUrl: string;
  siteName: string;
  /**
   * True once a source degraded during this request (docs/product.md section 8: a CMS failure reads
   * as an empty list or a missing item). Detail pages answer 503 instead of 404 then.
   */
  sourceFailed(): boolean;
  /** Runs a parsed search on posts and mixtapes; a failed backend gives empty, degraded results. */
  runSearch(parsed: ParsedSearch): Promise<SearchResults>;
  /** The genre and location slugs a search may filter by. */
  knownTaxa(): Promise<KnownTaxa>;
}
