import type { ArtistWorkPages } from "./content/artist";
import type { PostCategory } from "./content/post";

/**
 * The query parameters the pages read, one reader each: the loaders call them, and the page
 * cache keys a page on what they accept and nothing else (docs/decisions/121-one-reader-per-parameter.md).
 * A value a reader refuses is the visitor's mistake: the page answers 400 with the reader's
 * message, which names the parameter and what it takes. Every reader takes all the values the
 * query gives its parameter (`params.getAll("page")`), so a repeated parameter is refused too.
 */

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const refuse = (error: string): Parsed<never> => ({ ok: false, error });

/**
 * The highest page number of a list: 150,000 posts at 15 a page, past the 100,000 the scale bench
 * measures the embedded store at (docs/decisions/106-cms-mode-at-scale.md), and an offset every
 * store reads as a whole number.
 */
export const MAX_PAGE = 10_000;

/** A page number as the site's links write it: digits, no sign, no leading zero. */
const PAGE_NUMBER = /^[1-9]\d{0,4}$/;

/** The one value of a parameter given at most once: undefined when absent. */
function single(values: string[], name: string): Parsed<string | undefined> {
  if (values.length > 1) return refuse(`${name} must be given once`);
  return ok(values[0]);
}

/**
 * A list's page number (`?page=`, an artist's `?posts=`…): 1 when absent, else a whole number
 * from 1 to MAX_PAGE written as the pagination writes it.
 */
export function readPageNumber(values: string[], name: string): Parsed<number> {
  const one = single(values, name);
  if (!one.ok) return one;
  if (one.value === undefined) return ok(1);
  if (!PAGE_NUMBER.test(one.value) || Number(one.value) > MAX_PAGE)
    return refuse(`${name} must be a whole number from 1 to ${MAX_PAGE}`);
  return ok(Number(one.value));
}

/** A paged list's `?page=` (/blog and its filters, /mixtapes, /releases, /artists). */
export function readListPage(params: URLSearchParams): Parsed<number> {
  return readPageNumber(params.getAll("page"), "page");
}

/** One of a fixed set of words, or `fallback` when absent. */
export function readChoice<T extends string>(
  values: string[],
  name: string,
  choices: readonly T[],
  fallback: T,
): Parsed<T> {
  const one = single(values, name);
  if (!one.ok) return one;
  if (one.value === undefined) return ok(fallback);
  if (!(choices as readonly string[]).includes(one.value))
    return refuse(`${name} must be one of: ${choices.join(", ")}`);
  return ok(one.value as T);
}

/** docs/product.md section 2: /blog accepts ?category= with these values. */
export const QUERY_CATEGORIES = ["interviews", "premieres"] as const satisfies readonly PostCategory[];

/** /blog's `?category=`: one of QUERY_CATEGORIES, or undefined (every post) when absent. */
export function readBlogCategory(params: URLSearchParams): Parsed<PostCategory | undefined> {
  const values = params.getAll("category");
  if (values.length === 0) return ok(undefined);
  return readChoice(values, "category", QUERY_CATEGORIES, QUERY_CATEGORIES[0]);
}

/**
 * The page of each list of an artist's page (`?posts=2`, `?releases=`, `?mixtapes=`, `?past=`,
 * docs/product.md section 3): only the lists past their first page are named.
 */
export function readArtistPages(params: URLSearchParams): Parsed<ArtistWorkPages> {
  const lists = {
    posts: readPageNumber(params.getAll("posts"), "posts"),
    releases: readPageNumber(params.getAll("releases"), "releases"),
    mixtapes: readPageNumber(params.getAll("mixtapes"), "mixtapes"),
    past: readPageNumber(params.getAll("past"), "past"),
  };
  const pages: ArtistWorkPages = {};
  for (const [list, read] of Object.entries(lists) as [keyof ArtistWorkPages, Parsed<number>][]) {
    if (!read.ok) return read;
    if (read.value > 1) pages[list] = read.value;
  }
  return ok(pages);
}
