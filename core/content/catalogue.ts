import type { Artist, ArtistDirectory, ArtistWork, ArtistWorkPages } from "./artist";
import type { EventLists, MusicEvent } from "./event";
import type { Mixtape } from "./mixtape";
import type { ListFilter, Page } from "./page";
import type { ListedPost, Post, PostFilter } from "./post";
import type { Release } from "./release";
import type { Genre, Location } from "./taxon";

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
  /**
   * Upcoming events and the PAST_EVENTS most recent past ones; `all`: every past event too
   * (the sitemap).
   */
  listEvents(now: Date, all?: boolean): Promise<EventLists>;
  /**
   * Published events, the latest start first, a page at a time (the sitemap's files and its
   * count); `lean`: an adapter may fill only the slug and dates.
   */
  pageEvents(filter?: ListFilter): Promise<Page<MusicEvent>>;
  getEvent(slugOrId: string): Promise<MusicEvent | null>;
  /**
   * Published artists A–Z with how many published items link to each, a page at a time
   * (ARTIST_DIRECTORY_PAGE_SIZE); `lean`: an adapter may fill only the slugs.
   */
  listArtists(filter?: ListFilter): Promise<ArtistDirectory>;
  /**
   * A published artist by slug, or by a slug it had before: then the artist's slug differs from
   * the one asked for, and the page redirects.
   */
  getArtist(slug: string): Promise<Artist | null>;
  /** What links to the artist, each list at its page. */
  getArtistWork(artistId: number, pages: ArtistWorkPages, now: Date): Promise<ArtistWork>;
}
