import type { Artist, ArtistDirectory, ArtistWork, ArtistWorkPages } from "./artist";
import type { EventLists, MusicEvent } from "./event";
import type { Fields, SimpleField, SimpleKeys, SiteFields } from "./kind";
import { MIXTAPE_FIELDS, type Mixtape } from "./mixtape";
import type { ListFilter, Page } from "./page";
import type { ListedPost, Post, PostFilter } from "./post";
import type { PreviewKind } from "./preview";
import { RELEASE_FIELDS, type Release } from "./release";
import type { Genre, Location } from "./taxon";

/** The kinds read the same two ways: a page of a list, and one by its slug or id. */
export interface ListedKinds {
  Mixtape: Mixtape;
  Release: Release;
}

/**
 * What the core reads of a listed kind need (worker/content/d1/core-reads.ts,
 * worker/content/strapi/core-reads.ts, docs/decisions/138-core-reads-of-listed-kinds.md): its
 * definition's fields, with a `title` (a search matches it), and the date the list is newest
 * first by.
 */
export interface Listing<F extends Fields = Fields> {
  /** Its name in its texts: a list's degraded text says `${name}s`. */
  name: string;
  /** Its D1 table, which is also its list in the list index (docs/decisions/071-flat-lists.md). */
  table: string;
  /** Its Strapi collection's REST path. */
  path: string;
  fields: F;
  /** The column of `fields` the list is sorted by, newest first. */
  date: SimpleKeys<F>;
}

/** A listing, its `date` checked against its own fields. */
const listing = <F extends Fields & { title: SimpleField }>(l: Listing<F>): Listing<F> => l;

const LISTINGS = {
  Mixtape: listing({
    name: "mixtape",
    table: "mixtapes",
    path: "/mixtapes",
    fields: MIXTAPE_FIELDS,
    date: "release_date",
  }),
  Release: listing({
    name: "release",
    table: "releases",
    path: "/label-releases",
    fields: RELEASE_FIELDS,
    date: "release_date",
  }),
};

export type ListedKind = keyof ListedKinds;

/** The fields of a listed kind's definition. */
export type FieldsOf<K extends ListedKind> = (typeof LISTINGS)[K]["fields"];

/**
 * One line here gives a new kind its `list<Kind>s` and `get<Kind>` reads in both adapters (their
 * core reads, unless the adapter's map of own reads names the kind), and their degraded answers
 * (worker/content/degrade.ts) with no other edit to the port.
 */
export const LISTED_KINDS: { readonly [K in ListedKind]: Listing<FieldsOf<K>> } = LISTINGS;

/** What the core reads answer for a kind of these fields: its id, slug and simple fields. */
export type CoreItem<F extends Fields> = { id: number; slug: string } & SiteFields<F>;

/**
 * The listed kinds the core reads answer in full (nothing besides their definition's fields):
 * the others need reads of their own in each adapter.
 */
export type PlainKind = {
  [K in ListedKind]: CoreItem<FieldsOf<K>> extends ListedKinds[K] ? K : never;
}[ListedKind];

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
  /**
   * The item of `kind` whose slug this is, draft or published, as its page shows it: what a
   * preview link opens (core/content/preview.ts, docs/decisions/154-signed-preview-links.md).
   * Never cached, by slug only (no former slugs).
   */
  getDraft<K extends PreviewKind>(kind: K, slug: string): Promise<DraftItems[K] | null>;
}

/** What `getDraft` answers for each kind a preview opens. */
export interface DraftItems {
  post: Post;
  mixtape: Mixtape;
  release: Release;
  event: MusicEvent;
  artist: Artist;
}
