import { type Parsed, readArtistPages, readBlogCategory, readListPage } from "@core/page-params";
import { readEmbedOptions } from "@core/share/embed";

/**
 * The query a page's cache key holds (docs/decisions/121-one-reader-per-parameter.md): the
 * parameters its loader reads, as the loader reads them (core/page-params.ts), and nothing else.
 * A page is kept only under an address the site would link to: a parameter its page does not
 * read, one given twice, or a value its reader refuses (the page answers 400) makes the request
 * one that is rendered and never stored, so made-up addresses cannot fill the cache or push the
 * pages visitors read out of the isolate's copy.
 */

/**
 * Query parameters that never change a page (campaign tags, click ids, and on the site's pages a
 * shared link's moment, which the browser cues: docs/decisions/031): left out of keys.
 */
const IGNORED_PARAMS = /^(utm_[a-z_]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|t|track)$/i;

/** A page's parameters: which it reads, and its canonical query (sorted name=value pairs) or null. */
interface PageReader {
  reads: readonly string[];
  key: (params: URLSearchParams) => [string, string][] | null;
}

/** A reader's value as key pairs (only what differs from the default), or null if it refused. */
const accepted = <T>(read: Parsed<T>, pairs: (value: T) => [string, string][]) =>
  read.ok ? pairs(read.value) : null;

const listPage: PageReader = {
  reads: ["page"],
  key: (params) => accepted(readListPage(params), (page) => (page > 1 ? [["page", String(page)]] : [])),
};

const blog: PageReader = {
  reads: ["page", "category"],
  key: (params) => {
    const page = listPage.key(params);
    const category = accepted(readBlogCategory(params), (c): [string, string][] =>
      c ? [["category", c]] : [],
    );
    return page && category ? [...category, ...page] : null;
  },
};

const artist: PageReader = {
  reads: ["posts", "releases", "mixtapes", "past"],
  key: (params) =>
    accepted(readArtistPages(params), (pages) =>
      Object.entries(pages).map(([list, n]): [string, string] => [list, String(n)]),
    ),
};

const embed: PageReader = {
  // `t` is rendered into the page (where its Play starts), read as the player reads it: whole
  // seconds up to a day, and dropped (the page without one) when it names no moment.
  reads: ["size", "theme", "t"],
  key: (params) => {
    const options = readEmbedOptions(params);
    if ("error" in options) return null;
    const pairs: [string, string][] = [];
    if (options.size !== "full") pairs.push(["size", options.size]);
    if (options.start !== null) pairs.push(["t", String(options.start)]);
    if (options.theme !== "dark") pairs.push(["theme", options.theme]);
    return pairs;
  },
};

/** The pages that read a query, by their path as the site spells it (app/routes.ts). */
const READERS: [RegExp, PageReader][] = [
  [/^\/blog$/, blog],
  [/^\/blog\/(category|tag|genre|location)\/[^/]+$/, listPage],
  [/^\/(mixtapes|releases|artists)$/, listPage],
  [/^\/artists\/[^/]+$/, artist],
  [/^\/embed\/(blog|mixtapes|releases)\/[^/]+$/, embed],
];
const NOTHING: PageReader = { reads: [], key: () => [] };

/**
 * The query of `url`'s page in its cache key ("" or "?a=1&b=2"), or null when the page at this
 * address is never stored. `pathname` is the site's own spelling (worker/cache/page-cache.ts).
 */
export function pageQuery(pathname: string, params: URLSearchParams): string | null {
  const reader = READERS.find(([path]) => path.test(pathname))?.[1] ?? NOTHING;
  const seen = new Set<string>();
  for (const name of params.keys()) {
    if (!reader.reads.includes(name)) {
      if (IGNORED_PARAMS.test(name)) continue;
      return null;
    }
    // Given twice, it is no address the site writes (a page's reader refuses it; an embed's t
    // takes the first).
    if (seen.has(name)) return null;
    seen.add(name);
  }
  if (seen.size === 0) return "";
  const pairs = reader.key(params);
  if (!pairs) return null;
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return pairs.length ? `?${new URLSearchParams(pairs).toString()}` : "";
}
