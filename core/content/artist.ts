import type { ArtistRef } from "./artist-ref";
import type { Document } from "./document";
import type { MusicEvent } from "./event";
import { type Fields, PUB_STATUS, PUBLISH_AT, type SiteFields } from "./kind";
import type { Mixtape } from "./mixtape";
import type { Page } from "./page";
import type { Post } from "./post";
import type { Release } from "./release";
import type { Taxon } from "./taxon";

export type { ArtistRef };

/**
 * Artists as content (docs/product.md section 3, docs/decisions/075-artists.md). Items keep their
 * text names (for names without a page) and carry the artists they link to as references
 * (./artist-ref.ts); a name that is one of them links to its page.
 */

export const ARTIST_KINDS = ["person", "group"] as const;
export type ArtistKind = (typeof ARTIST_KINDS)[number];

/**
 * An artist's fields in content-file order (./kind.ts, docs/decisions/128-one-definition-per-kind.md):
 * the columns of migrations/0001_catalogue.sql's artists, the front matter of artists/<slug>.md
 * (its bio is the file's body).
 */
export const ARTIST_FIELDS = {
  id: { value: "own" },
  name: { value: "filled", site: "name" },
  kind: { value: "pick", of: ARTIST_KINDS, fallback: "person", site: "kind" },
  pub_status: PUB_STATUS,
  publish_at: PUBLISH_AT,
  image: { value: "media", site: "image" },
  location: { value: "own" },
  genres: { value: "own" },
  links: { value: "own" },
  former_slugs: { value: "own" },
} as const satisfies Fields;

/** An artist's page: who, where from, what style, where else to find them. */
export interface Artist extends ArtistRef, SiteFields<typeof ARTIST_FIELDS> {
  id: number;
  /** Markdown paragraphs split by a blank line, shown as text. */
  /** The bio (./document.ts). */
  bio: Document;
  location: Taxon | null;
  genres: Taxon[];
  /** Display name of the platform (Bandcamp, SoundCloud, …) and the URL, in the artist's order. */
  links: Array<{ name: string; url: string }>;
}

/** One row of the /artists directory. */
export interface ListedArtist extends ArtistRef, SiteFields<typeof ARTIST_FIELDS> {
  /** Published posts, releases, mixtapes and events linked to the artist. */
  itemCount: number;
}

/**
 * A page of the /artists directory, A–Z, and the page each first letter of a slug starts on
 * (its letters: a–z, 0–9), so the letters link across pages.
 */
export interface ArtistDirectory extends Page<ListedArtist> {
  letters: Array<{ letter: string; page: number }>;
}

/** Artists a page of the directory shows (docs/product.md section 3: lists other than posts, 100). */
export const ARTIST_DIRECTORY_PAGE_SIZE = 100;

/** A mixtape on an artist's page: mixed by them, or with a track of theirs in the tracklist. */
export type ArtistMixtape = Mixtape & { role: "author" | "tracklist" };

/** Which page of each list of an artist's page (from 1; 12 a page). */
export interface ArtistWorkPages {
  posts?: number;
  releases?: number;
  mixtapes?: number;
  past?: number;
}

/** Everything linked to an artist, newest first, each list paged on its own. */
export interface ArtistWork {
  posts: Page<Post>;
  releases: Page<Release>;
  mixtapes: Page<ArtistMixtape>;
  /** Every upcoming event, soonest first. */
  upcoming: MusicEvent[];
  /** Past events, most recent first. */
  past: Page<MusicEvent>;
}

export const ARTIST_LIST_PAGE_SIZE = 12;
