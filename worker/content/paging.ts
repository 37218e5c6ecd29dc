import {
  ARTIST_DIRECTORY_PAGE_SIZE,
  ARTIST_LIST_PAGE_SIZE,
  type ArtistDirectory,
  type ArtistWork,
  type ListedArtist,
} from "@core/content/artist";
import type { ListFilter, Page } from "@core/content/page";
import type { ListedPost, Post, PostFilter } from "@core/content/post";

/** docs/product.md section 9: posts 15 to a page, other lists 100, submissions 25. */
export const DEFAULT_POST_PAGE_SIZE = 15;
export const DEFAULT_LIST_PAGE_SIZE = 100;
export const DEFAULT_SUBMISSION_PAGE_SIZE = 25;
/** Strapi's REST maxLimit in cms/config/api.js; the embedded store keeps the same ceiling. */
export const MAX_PAGE_SIZE = 1000;

/**
 * Clamps page and page size to positive integers; `offset` is where the page starts. The page
 * stops where the offset would stop being a safe integer: a store reads a larger one as a float
 * ("OFFSET 1.2e+25", a syntax error in SQL) and fails, whoever asked (docs/decisions/121).
 */
export function paging(page: number | undefined, pageSize: number | undefined, fallback: number) {
  const size = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(pageSize ?? fallback) || fallback));
  const last = Math.floor(Number.MAX_SAFE_INTEGER / size);
  const p = Math.min(last, Math.max(1, Math.trunc(page ?? 1) || 1));
  return { page: p, pageSize: size, offset: (p - 1) * size };
}

/** docs/product.md section 8: a failed list is page 1 of nothing. */
export function emptyPage<T>(pageSize: number): Page<T> {
  return { items: [], page: 1, pageSize, pageCount: 1, total: 0 };
}

export function toPage<T>(items: T[], page: number, pageSize: number, total: number): Page<T> {
  return { items, page, pageSize, total, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

/** docs/product.md section 9: when filtering or searching, fetch this many and paginate in the Worker. */
export function filteredFetchSize(pageSize: number): number {
  return Math.min(MAX_PAGE_SIZE, Math.max(pageSize * 10, 100));
}

/** One page of items already fetched (filtered or searched lists). */
export function slicePage<T>(all: T[], page: number, pageSize: number): Page<T> {
  return toPage(all.slice((page - 1) * pageSize, page * pageSize), page, pageSize, all.length);
}

/**
 * Whether a post filter narrows anything. Aggregated posts carry no category or tag, so any
 * filter narrows the /blog listing to blog posts.
 */
export function hasPostFilter(filter: PostFilter): boolean {
  return Boolean(
    filter.category ||
      filter.tag ||
      filter.genres?.length ||
      filter.locations?.length ||
      filter.search?.trim(),
  );
}

/** A page of blog posts as rows of the combined /blog listing. */
export function asListed(posts: Page<Post>): Page<ListedPost> {
  return { ...posts, items: posts.items.map((p) => ({ kind: "post" as const, ...p })) };
}

/** An artist's page with nothing on it: what a source without artists, or a failed one, gives. */
export function emptyArtistWork(): ArtistWork {
  return {
    posts: emptyPage(ARTIST_LIST_PAGE_SIZE),
    releases: emptyPage(ARTIST_LIST_PAGE_SIZE),
    mixtapes: emptyPage(ARTIST_LIST_PAGE_SIZE),
    upcoming: [],
    past: emptyPage(ARTIST_LIST_PAGE_SIZE),
  };
}

/** The directory with no artist: what a source without artists, or a failed one, gives. */
export function emptyArtistDirectory(pageSize = ARTIST_DIRECTORY_PAGE_SIZE): ArtistDirectory {
  return { ...emptyPage(pageSize), letters: [] };
}

/**
 * A page of the directory from every artist A–Z, read at once (a source without the embedded
 * store's list index), with the page each first letter of a slug starts on.
 */
export function directoryPage(all: ListedArtist[], filter: ListFilter = {}): ArtistDirectory {
  const { page, pageSize } = paging(filter.page, filter.pageSize, ARTIST_DIRECTORY_PAGE_SIZE);
  const letters: ArtistDirectory["letters"] = [];
  all.forEach((artist, i) => {
    const letter = artist.slug.charAt(0);
    if (!letters.some((l) => l.letter === letter))
      letters.push({ letter, page: Math.floor(i / pageSize) + 1 });
  });
  return { ...slicePage(all, page, pageSize), letters };
}
