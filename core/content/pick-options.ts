import type { CatalogueReader } from "./catalogue";

/** One artist or genre the newsletter's second step offers. */
export interface PickOption {
  slug: string;
  name: string;
}

/**
 * What the second step offers to pick (docs/decisions/090-newsletter-picks.md): the genres, the
 * artists with the most published items, and the artist whose page the visitor is on, ticked.
 */
export interface PickOptions {
  genres: PickOption[];
  artists: PickOption[];
  /** Artist slugs ticked from the start (the page's artist). */
  checked: string[];
}

/** How many artists and genres the second step lists. */
export const OFFERED_ARTISTS = 12;
export const OFFERED_GENRES = 24;

export const NO_PICK_OPTIONS: PickOptions = { genres: [], artists: [], checked: [] };

/** The artist slug of an /artists/{slug} path, else undefined. */
export function artistOfPath(path: string | undefined): string | undefined {
  return /^\/artists\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/.exec(path ?? "")?.[1];
}

/**
 * How many pages of the A–Z directory (100 artists each) are read for the busiest artists: all of
 * them for a label with up to 1,000 artists, the first 1,000 A–Z beyond that (each page is cached
 * like the directory's own).
 */
export const PICK_DIRECTORY_PAGES = 10;

/** The options, read from the (cached) catalogue; `artist` is the page's artist, listed and ticked. */
export async function pickOptions(
  catalogue: Pick<CatalogueReader, "listGenres" | "listArtists" | "getArtist">,
  artist?: string,
): Promise<PickOptions> {
  const [genres, first] = await Promise.all([catalogue.listGenres(), catalogue.listArtists()]);
  const more = await Promise.all(
    Array.from({ length: Math.min(first.pageCount, PICK_DIRECTORY_PAGES) - 1 }, (_, i) =>
      catalogue.listArtists({ page: i + 2 }),
    ),
  );
  const artists = [first, ...more].flatMap((page) => page.items);
  const busiest: PickOption[] = [...artists]
    .sort((a, b) => b.itemCount - a.itemCount || a.name.localeCompare(b.name))
    .slice(0, OFFERED_ARTISTS);
  const page = artist
    ? (artists.find((a) => a.slug === artist) ?? (await catalogue.getArtist(artist)))
    : null;
  if (page && !busiest.some((a) => a.slug === page.slug)) busiest.push(page);
  return {
    genres: genres.slice(0, OFFERED_GENRES).map(({ slug, name }) => ({ slug, name })),
    artists: busiest.sort((a, b) => a.name.localeCompare(b.name)).map(({ slug, name }) => ({ slug, name })),
    checked: page ? [page.slug] : [],
  };
}
