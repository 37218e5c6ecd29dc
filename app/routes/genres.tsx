import { STREAMED_PAGE_CACHE_CONTROL } from "@core/cache-control";
import { contentContext } from "@core/context";
import { TEXTS } from "@core/texts";
import { Suspense } from "react";
import { Await, data, useLocation } from "react-router";
import { AppLink, ListLink } from "../components/app-link";
import { RouteErrorBoundary } from "../components/error-page";
import { seo, siteFromMatches } from "../lib/seo";
import { streamIfSlow } from "../lib/stream-if-slow";
import type { Route } from "./+types/genres";

/** One module serves /genres and /locations (docs/product.md section 2). */
function kindOf(pathname: string) {
  return pathname.startsWith("/locations") ? "locations" : "genres";
}

/**
 * Counts that arrive within this many ms are rendered in place, like /blog's posts
 * (docs/decisions/019-performance-budgets.md): the page is whole at first paint and nothing
 * below the list moves when it arrives (docs/decisions/037-measured-performance.md).
 */
const STREAM_AFTER_MS = 100;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { catalogue } = context.get(contentContext);
  const kind = kindOf(new URL(request.url).pathname);
  // Late, the counts stream in behind the loading text.
  const { value: entries } = await streamIfSlow(
    kind === "genres" ? catalogue.listGenres() : catalogue.listLocations(),
    STREAM_AFTER_MS,
  );
  if (!(entries instanceof Promise)) return { kind, entries };
  // Streamed, the counts may still fail after the headers left: no cache keeps the page as is
  // (docs/decisions/027-no-cache-while-streaming.md).
  return data({ kind, entries }, { headers: { "Cache-Control": STREAMED_PAGE_CACHE_CONTROL } });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ location, matches }: Route.MetaArgs) {
  const kind = kindOf(location.pathname);
  return seo(siteFromMatches(matches), {
    title: kind === "genres" ? "Genres" : "Locations",
    description:
      kind === "genres"
        ? "Every genre we write about, with how many posts each has."
        : "Every city and scene we write about, with how many posts each has.",
    path: `/${kind}`,
  });
}

export default function Directory({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const kind = kindOf(pathname);
  const base = kind === "genres" ? "/blog/genre" : "/blog/location";
  return (
    <div className="container">
      <header className="page-header">
        <p className="eyebrow">Explore</p>
        <h1>{kind === "genres" ? "Genres" : "Locations"}</h1>
        <p className="page-header__lede">Most written-about first.</p>
      </header>
      <Suspense
        fallback={
          <p className="muted" role="status">
            {kind === "genres" ? TEXTS.loadingGenres : TEXTS.loadingLocations}
          </p>
        }
      >
        <Await resolve={loaderData.entries}>
          {(entries) => (
            <ul className="directory">
              {entries.map((entry) => (
                <li key={entry.slug}>
                  <ListLink to={`${base}/${entry.slug}`} className="directory__item">
                    <span className="directory__name">{entry.name}</span>
                    <span className="directory__count">
                      {entry.postCount} {entry.postCount === 1 ? "post" : "posts"}
                    </span>
                  </ListLink>
                </li>
              ))}
            </ul>
          )}
        </Await>
      </Suspense>
      <p>
        <AppLink to="/blog" className="button button--ghost">
          {TEXTS.backToBlog}
        </AppLink>
      </p>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
