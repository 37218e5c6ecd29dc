import { Form } from "react-router";
import { AppLink } from "../components/app-link";
import { RouteErrorBoundary } from "../components/error-page";
import { Logo } from "../components/logo";
import { PostCard } from "../components/post-card";
import { contentContext } from "../lib/context";
import { seo, siteFromMatches } from "../lib/seo";
import { TEXTS } from "../lib/texts";
import type { Route } from "./+types/search";

const MAX_QUERY = 200;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { store } = context.get(contentContext);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY);
  if (!q) return { q, results: null };
  const results = await store.listPosts({ search: q, pageSize: 30 });
  return { q, results };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return seo(siteFromMatches(matches), {
    title: data?.q ? `Search: ${data.q}` : "Search",
    description: "Search Crossfade's posts, mixtapes and releases.",
    path: "/search",
    noindex: true,
  });
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, results } = loaderData;
  return (
    <div className="container search-page">
      <header className="search-page__bar">
        <AppLink to="/" aria-label="Crossfade home">
          <Logo />
        </AppLink>
      </header>
      <h1>{q ? `Results for “${q}”` : "Search"}</h1>
      <Form method="get" role="search" className="search-form">
        <label htmlFor="search-q" className="visually-hidden">
          Search
        </label>
        <input
          id="search-q"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={MAX_QUERY}
          placeholder="Artists, tracks, genres, cities…"
          className="input input--large"
        />
        <button type="submit" className="button button--accent">
          Search
        </button>
      </Form>
      {results === null ? (
        <p className="muted">{TEXTS.searchEmpty}</p>
      ) : (
        <>
          <p className="muted" aria-live="polite">
            {results.total} {results.total === 1 ? "result" : "results"}
          </p>
          <div className="grid grid--cards">
            {results.items.map((post) => (
              <PostCard key={post.id} post={{ kind: "post", ...post }} />
            ))}
          </div>
        </>
      )}
      <p>
        <AppLink to="/blog" className="button button--ghost">
          {TEXTS.backToBlog}
        </AppLink>
      </p>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
