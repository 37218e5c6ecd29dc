import { STREAMED_PAGE_CACHE_CONTROL } from "@core/cache-control";
import type { ArtistDirectory, ListedArtist } from "@core/content/artist";
import { contentContext } from "@core/context";
import { Suspense } from "react";
import { Await, data } from "react-router";
import { ListLink } from "../components/app-link";
import { artistPath } from "../components/artist-name";
import { Cover } from "../components/cover";
import { RouteErrorBoundary } from "../components/error-page";
import { Pagination } from "../components/pagination";
import { errorMeta, seo, siteFromMatches } from "../lib/seo";
import { streamIfSlow } from "../lib/stream-if-slow";
import type { Route } from "./+types/artists";
import { ARTIST_TEXTS } from "./artist-texts";
import { listPage, listPageOr404, pageHref, pageTitle } from "./list-paging";

/** As /genres: a list that arrives within this many ms is rendered in place, else it streams. */
const STREAM_AFTER_MS = 100;

export async function loader({ request, context }: Route.LoaderArgs) {
  const content = context.get(contentContext);
  const page = listPage(request);
  // 100 a page, A–Z: a later page waits for its list, to answer 404 past the last one.
  if (page > 1)
    return {
      page,
      artists: await listPageOr404(page, content.catalogue.listArtists({ page }), () =>
        content.sourceFailed(),
      ),
    };
  const { value: artists } = await streamIfSlow(content.catalogue.listArtists(), STREAM_AFTER_MS);
  if (!(artists instanceof Promise)) return { page, artists };
  // Streamed, the list may still fail after the headers left (docs/decisions/027).
  return data({ page, artists }, { headers: { "Cache-Control": STREAMED_PAGE_CACHE_CONTROL } });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ data, error, matches }: Route.MetaArgs) {
  if (error) return errorMeta(error, siteFromMatches(matches));
  return seo(siteFromMatches(matches), {
    title: pageTitle(ARTIST_TEXTS.title, data?.page ?? 1),
    description: "Every artist with a page on Crossfade, A to Z: their posts, releases, mixes and dates.",
    path: "/artists",
  });
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("");

/** The letter an artist is filed under: the slug's first (already folded to ASCII), # for digits. */
const letterOf = (artist: ListedArtist) => {
  const first = artist.slug.charAt(0).toUpperCase();
  return /[A-Z]/.test(first) ? first : "#";
};

function byLetter(artists: ListedArtist[]): Array<[string, ListedArtist[]]> {
  const groups = new Map<string, ListedArtist[]>();
  for (const artist of artists) {
    const letter = letterOf(artist);
    groups.set(letter, [...(groups.get(letter) ?? []), artist]);
  }
  return [...groups].sort(([a], [b]) => (a === "#" ? 1 : b === "#" ? -1 : a.localeCompare(b)));
}

/** Where a letter's artists are: on this page, on another page of the directory, or nowhere. */
function letterHref(directory: ArtistDirectory, present: Set<string>, letter: string): string | null {
  if (present.has(letter)) return `#letter-${letter}`;
  const page = directory.letters.find((l) => l.letter.toUpperCase() === letter)?.page;
  return page ? `${pageHref("/artists")(page)}#letter-${letter}` : null;
}

function Directory({ directory }: { directory: ArtistDirectory }) {
  const groups = byLetter(directory.items);
  const present = new Set(groups.map(([letter]) => letter));
  return (
    <>
      <nav className="letters" aria-label="Artists by letter">
        <ul>
          {ALPHABET.map((letter) => {
            const href = letterHref(directory, present, letter);
            return (
              <li key={letter}>
                {href ? (
                  <a href={href} className="letters__link">
                    {letter}
                  </a>
                ) : (
                  <span aria-hidden="true" className="letters__none">
                    {letter}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
      {groups.map(([letter, list]) => (
        <section key={letter} aria-labelledby={`letter-${letter}`} className="letter-group">
          <h2 id={`letter-${letter}`} className="letter-group__letter">
            {letter}
          </h2>
          <ul className="directory directory--artists">
            {list.map((artist) => (
              <li key={artist.slug}>
                <ListLink to={artistPath(artist.slug)} className="directory__item">
                  <Cover src={artist.image} alt="" place="avatar" size={200} className="directory__image" />
                  <span className="directory__name">{artist.name}</span>
                  <span className="directory__count">
                    {artist.itemCount} {artist.itemCount === 1 ? "item" : "items"}
                  </span>
                </ListLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <Pagination page={directory.page} pageCount={directory.pageCount} href={pageHref("/artists")} />
    </>
  );
}

export default function Artists({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container">
      <header className="page-header">
        <p className="eyebrow">Explore</p>
        <h1>{ARTIST_TEXTS.title}</h1>
        <p className="page-header__lede">{ARTIST_TEXTS.lede}</p>
      </header>
      <Suspense
        fallback={
          <p className="muted" role="status">
            {ARTIST_TEXTS.loading}
          </p>
        }
      >
        <Await resolve={loaderData.artists}>{(directory) => <Directory directory={directory} />}</Await>
      </Suspense>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
