import type { Artist, ArtistDirectory, ArtistWork, ArtistWorkPages } from "./artist";
import type { EventLists, MusicEvent } from "./event";
import type { Mixtape } from "./mixtape";
import type { ListFilter, Page } from "./page";
import type { ListedPost, Post, PostFilter } from "./post";
import type { Release } from "./release";
import type { Genre, Location } from "./taxon";

/** The kinds read the same two ways: a page of a list, and one by its slug or id. */
interface ListedKinds {
  Mixtape: Mixtape;
  Release: Release;
}

/**
 * Each listed kind's name in its texts (a list's degraded text says `${name}s`): one line here
 * gives a new kind its `list<Kind>s` and `get<Kind>` reads, and their degraded answers
 * (worker/content/degrade.ts) with no other edit to the port.
 */
export const LISTED_KINDS: { readonly [K in keyof ListedKinds]: string } = {
  Mixtape: "mixtape",
  Release: "release",
};

export type ListedKind = keyof ListedKinds;

/** The two reads of each listed kind: `list<Kind>s` and `get<Kind>`. */
export type ListedReads = {
  [K in ListedKind as `list${K}s`]: (filter?: ListFilter) => Promise<Page<ListedKinds[K]>>;
} & {
  [K in ListedKind as `get${K}`]: (slugOrId: string) => Promise<ListedKinds[K] | null>;
};

/**
 * The public reads of the catalogue (docs/architecture.md): what pages, feeds and the search
 * sync read. A failed read follows docs/product.md section 8 (docs/decisions/023-one-failure-path.md).
 */
export interface CatalogueReader extends ListedReads {
  readonly kind: "d1" | "strapi";
  listPosts(filter?: PostFilter): Promise<Page<Post>>;
  /** Posts and aggregated posts together, newest first (the /blog listing). */
  listCombinedPosts(filter?: PostFilter): Promise<Page<ListedPost>>;
  getPost(slug: string): Promise<Post | null>;
  listGenres(): Promise<Genre[]>;
  listLocations(): Promise<Location[]>;
  listTags(): Promise<string[]>;
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
