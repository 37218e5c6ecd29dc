import { contentContext } from "@core/context";
import { parseSearchParams, taxaFor } from "@core/search/params";
import type { FacetValue } from "@core/search/results";
import { TEXTS } from "@core/texts";
import type { ReactNode } from "react";
import { useEffect, useRef } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { AppLink } from "../components/app-link";
import { RouteErrorBoundary } from "../components/error-page";
import { Logo } from "../components/logo";
import { Pagination } from "../components/pagination";
import { seo, siteFromMatches } from "../lib/seo";
import {
  ArtistResults,
  MixtapeResults,
  mixtapeResultCard,
  PostResults,
  postResultCard,
} from "../search/result-list";
import { SUGGEST_DEBOUNCE_MS } from "../search/suggestions";
import type { Route } from "./+types/search";

export async function loader({ request, context }: Route.LoaderArgs) {
  const content = context.get(contentContext);
  const params = new URL(request.url).searchParams;
  // Lenient: a shared link with a stale filter still opens, without that filter.
  const parsed = parseSearchParams(params, await taxaFor(params, content.knownTaxa), "lenient");
  if (!parsed.ok) throw new Response(parsed.error, { status: 400 });
  const { query, scope } = parsed.value;
  const active = Boolean(query.query || query.genres.length || query.locations.length || query.isFeatured);
  if (!active) return { query, scope, results: null };
  const { posts, mixtapes, artists, degraded } = await content.runSearch(parsed.value);
  // The page's data carries what the result cards show, not whole posts and mixtapes; the
  // mixtapes appear on the first page only, six at most (docs/decisions/048).
  return {
    query,
    scope,
    results: {
      degraded,
      artists,
      posts: posts && { ...posts, items: posts.items.map(postResultCard) },
      mixtapes: mixtapes && {
        ...mixtapes,
        items: query.page === 1 ? mixtapes.items.slice(0, MIXTAPES_SHOWN).map(mixtapeResultCard) : [],
      },
    },
  };
}

/** The kinds of result a search can be narrowed to (?type=). */
const SCOPES = [
  ["all", "Everything"],
  ["artists", "Artists"],
  ["posts", "Posts"],
  ["mixtapes", "Mixtapes"],
] as const;

/** Mixtape results shown above the posts' first page. */
const MIXTAPES_SHOWN = 6;

export function meta({ data, matches }: Route.MetaArgs) {
  const q = data?.query.query;
  return seo(siteFromMatches(matches), {
    title: q ? `Search: ${q}` : "Search",
    description: "Search Crossfade's posts and mixtapes by artist, title, genre or city.",
    // Crawlable (Lighthouse SEO, docs/decisions/019), with every result variant's canonical URL being /search,
    // so search engines fold the query pages into one instead of indexing each (decision 008).
    path: "/search",
  });
}

function Facet({
  name,
  legend,
  values,
  chosen,
}: {
  name: string;
  legend: string;
  values: FacetValue[];
  chosen: string[];
}) {
  // A chosen value stays visible (with its count or 0) so it can be unticked.
  const shown = [
    ...values,
    ...chosen
      .filter((slug) => !values.some((v) => v.slug === slug))
      .map((slug) => ({ slug, name: slug, count: 0 })),
  ];
  if (!shown.length) return null;
  return (
    <fieldset className="facet">
      <legend>{legend}</legend>
      {shown.map((v) => (
        <label key={v.slug} className="facet__option">
          <input type="checkbox" name={name} value={v.slug} defaultChecked={chosen.includes(v.slug)} />
          <span>{v.name}</span> <span className="facet__count">{v.count}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** A kind of result under its heading, with its count ("100+" where the store capped it). */
function ResultSection({
  name,
  count,
  capped = false,
  children,
}: {
  name: string;
  count: number;
  capped?: boolean;
  children: ReactNode;
}) {
  const id = `${name.toLowerCase()}-heading`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>
        {name} ({count}
        {capped ? "+" : ""})
      </h2>
      {children}
    </section>
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, scope, results } = loaderData;
  const submit = useSubmit();
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // A search started elsewhere (the modal) while on this page: show its text in the field.
  useEffect(() => {
    const input = form.current?.elements.namedItem("q");
    if (input instanceof HTMLInputElement && document.activeElement !== input) input.value = query.query;
  }, [query.query]);

  // With JavaScript the results follow the form: typing after a 300 ms pause, ticks at once;
  // the URL is replaced each time so the page can be shared as it is.
  const refine = (delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (form.current) submit(form.current, { replace: true, preventScrollReset: true });
    }, delay);
  };

  const posts = results?.posts;
  const mixtapes = results?.mixtapes;
  const artists = results?.artists;
  const total = (posts?.total ?? 0) + (mixtapes?.total ?? 0) + (artists?.length ?? 0);
  // A count the store capped is shown as at least that many (docs/decisions/072-capped-search.md).
  const more = posts?.capped || mixtapes?.capped ? "+" : "";
  const ms = Math.max(posts?.processingTimeMs ?? 0, mixtapes?.processingTimeMs ?? 0);
  const href = (n: number) => {
    const params = new URLSearchParams();
    if (query.query) params.set("q", query.query);
    for (const g of query.genres) params.append("genre", g);
    for (const l of query.locations) params.append("location", l);
    if (query.isFeatured) params.set("featured", "true");
    if (scope !== "all") params.set("type", scope);
    params.set("sort", query.sortBy);
    if (n > 1) params.set("page", String(n));
    return `/search?${params}`;
  };
  const facets = posts?.facets;

  return (
    <div className="container search-page">
      <header className="search-page__bar">
        <AppLink to="/" aria-label="Crossfade home">
          <Logo />
        </AppLink>
        <AppLink to="/blog" className="button button--ghost">
          {TEXTS.backToBlog}
        </AppLink>
      </header>
      <h1>{query.query ? `Results for “${query.query}”` : "Search"}</h1>
      <Form
        method="get"
        action="/search"
        role="search"
        ref={form}
        className="search-layout"
        onChange={(event) =>
          refine((event.target as HTMLElement).matches("input[type=search]") ? SUGGEST_DEBOUNCE_MS : 0)
        }
      >
        <div className="search-form">
          <label htmlFor="search-q" className="visually-hidden">
            {TEXTS.searchLabel}
          </label>
          <input
            id="search-q"
            name="q"
            type="search"
            defaultValue={query.query}
            maxLength={200}
            placeholder={TEXTS.searchPlaceholder}
            className="input input--large"
            autoComplete="off"
          />
          <button type="submit" className="button button--accent">
            {TEXTS.searchLabel}
          </button>
        </div>
        <div className="search-results" aria-busy={navigation.state === "loading"}>
          {results === null ? (
            <p className="muted">{TEXTS.searchEmpty}</p>
          ) : (
            <>
              <p className="muted search-summary" aria-live="polite">
                {total}
                {more} {total === 1 && !more ? "result" : "results"} in {ms} ms
              </p>
              {results.degraded ? <p className="notice">{TEXTS.searchDegraded}</p> : null}
              {total === 0 && !results.degraded ? <p>{TEXTS.searchNoResults}</p> : null}
              {artists?.length ? (
                <ResultSection name="Artists" count={artists.length}>
                  <ArtistResults items={artists} />
                </ResultSection>
              ) : null}
              {posts?.items.length ? (
                <ResultSection name="Posts" count={posts.total} capped={posts.capped}>
                  <PostResults items={posts.items} />
                  <Pagination page={posts.page} pageCount={posts.pageCount} href={href} />
                </ResultSection>
              ) : null}
              {mixtapes?.items.length ? (
                <ResultSection name="Mixtapes" count={mixtapes.total} capped={mixtapes.capped}>
                  <MixtapeResults items={mixtapes.items} />
                </ResultSection>
              ) : null}
            </>
          )}
        </div>
        {/* After the results in the document as on a phone's screen: a first paint made before
            the results arrive never shows the facets where the results will be. */}
        <aside className="search-filters" aria-label="Filters">
          <fieldset className="facet">
            <legend>Show</legend>
            {SCOPES.map(([value, label]) => (
              <label key={value} className="facet__option">
                <input type="radio" name="type" value={value} defaultChecked={scope === value} />
                <span>{label}</span>
              </label>
            ))}
          </fieldset>
          <label className="search-sort">
            <span>Sort by</span>
            <select name="sort" defaultValue={query.sortBy} className="input">
              <option value="relevance">Relevance</option>
              <option value="newest">Newest</option>
            </select>
          </label>
          {facets ? (
            <>
              <Facet name="genre" legend="Genres" values={facets.genres} chosen={query.genres} />
              <Facet name="location" legend="Locations" values={facets.locations} chosen={query.locations} />
              <fieldset className="facet">
                <legend>Featured</legend>
                <label className="facet__option">
                  <input
                    type="checkbox"
                    name="featured"
                    value="true"
                    defaultChecked={query.isFeatured === true}
                  />
                  <span>Featured only</span> <span className="facet__count">{facets.featured.yes}</span>
                </label>
              </fieldset>
            </>
          ) : null}
          <noscript>
            <button type="submit" className="button button--ghost">
              Apply filters
            </button>
          </noscript>
        </aside>
      </Form>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
