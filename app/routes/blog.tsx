import { STREAMED_PAGE_CACHE_CONTROL } from "@core/cache-control";
import type { Page } from "@core/content/page";
import type { ListedPost } from "@core/content/post";
import { POST_CATEGORIES, type PostCategory, type PostFilter } from "@core/content/post";
import { contentContext } from "@core/context";
import { readBlogCategory } from "@core/page-params";
import { TEXTS } from "@core/texts";
import { Suspense } from "react";
import { Await, data } from "react-router";
import { RouteErrorBoundary } from "../components/error-page";
import { Pagination } from "../components/pagination";
import { PostCard, playlistOf, toCardPost } from "../components/post-card";
import { titleFromSlug } from "../lib/format";
import { acceptedOr400 } from "../lib/refused";
import { errorMeta, seo, siteFromMatches } from "../lib/seo";
import { streamIfSlow } from "../lib/stream-if-slow";
import type { Route } from "./+types/blog";
import { listPage, pageTitle } from "./list-paging";

/** How long /blog waits for its posts before it streams the page without them (docs/decisions/019). */
const STREAM_AFTER_MS = 100;

function isCategory(value: string | undefined | null): value is PostCategory {
  return (POST_CATEGORIES as readonly string[]).includes(value ?? "");
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const content = context.get(contentContext);
  const { catalogue } = content;
  const url = new URL(request.url);
  const page = listPage(request);
  const filter: PostFilter = { page };
  let heading = "Blog";
  let description = "Premieres, interviews, reviews and news from the underground.";
  let path = "/blog";

  if ("category" in params && params.category !== undefined) {
    if (!isCategory(params.category)) throw data("Unknown category", { status: 404 });
    filter.category = params.category;
    heading = titleFromSlug(params.category);
    description = `${heading} on Crossfade.`;
    path = `/blog/category/${params.category}`;
  } else if ("tag" in params && params.tag !== undefined) {
    filter.tag = params.tag;
    heading = `Tagged “${params.tag}”`;
    description = `Posts tagged ${params.tag} on Crossfade.`;
    path = `/blog/tag/${params.tag}`;
  } else if ("slug" in params && params.slug !== undefined) {
    const isGenre = url.pathname.startsWith("/blog/genre/");
    if (isGenre) filter.genres = [params.slug];
    else filter.locations = [params.slug];
    path = `/blog/${isGenre ? "genre" : "location"}/${params.slug}`;
  } else {
    // core/page-params.ts: interviews or premieres, a 400 for anything else.
    const category = acceptedOr400(readBlogCategory(url.searchParams));
    if (category) {
      filter.category = category;
      heading = titleFromSlug(category);
      description = `${heading} on Crossfade.`;
    }
  }

  const query = filter.category && path === "/blog" ? `?category=${filter.category}` : "";
  const cards = (list: Page<ListedPost>) => ({ ...list, items: list.items.map(toCardPost) });
  if (path === "/blog" && page === 1) {
    // The first page of /blog can never be a 404, so it need not wait for a slow source: past the
    // deadline its header and navigation stream out and the posts follow (docs/decisions/019).
    const { value: posts } = await streamIfSlow(
      catalogue.listCombinedPosts(filter).then(cards),
      STREAM_AFTER_MS,
    );
    const loaded = { posts, heading, description, path, query, page };
    // Streamed, the posts may still fail after the headers left (docs/decisions/027-no-cache-while-streaming.md).
    if (!(posts instanceof Promise)) return loaded;
    return data(loaded, { headers: { "Cache-Control": STREAMED_PAGE_CACHE_CONTROL } });
  }
  const listed = await catalogue.listCombinedPosts(filter);
  const posts = cards(listed);
  // A failed list is a degraded page like any other list (docs/product.md section 8), never a 404:
  // an outage must not tell visitors or crawlers that a category, tag, genre or location is gone.
  // A category the site defines exists even with no posts.
  if (!content.sourceFailed()) {
    const unknownFilter = path !== "/blog" && !filter.category && posts.total === 0;
    if (unknownFilter || (page > 1 && page > posts.pageCount)) throw data("Not found", { status: 404 });
  }
  if (filter.genres || filter.locations) {
    const slug = filter.genres?.[0] ?? filter.locations?.[0] ?? "";
    const first = listed.items[0];
    const taxa = first ? (filter.genres ? first.genres : first.locations) : [];
    const name = taxa.find((t) => t.slug === slug)?.name ?? titleFromSlug(slug);
    heading = name;
    description = `${name}: every post on Crossfade.`;
  }
  return { posts, heading, description, path, query, page };
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ data, error, matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!data) return errorMeta(error, site);
  const tags = seo(site, {
    title: pageTitle(data.heading, data.page),
    description: data.description,
    path: `${data.path}${data.query}`,
  });
  // A genre's posts as a feed to follow (docs/decisions/077-follow-feeds.md).
  if (!data.path.startsWith("/blog/genre/")) return tags;
  const feed = {
    tagName: "link",
    rel: "alternate",
    type: "application/rss+xml",
    title: `${data.heading} on ${site.siteName}`,
    href: `${data.path}/feed.xml`,
  };
  return [...tags, feed];
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts, heading, path, query } = loaderData;
  const href = (n: number) => {
    const params = new URLSearchParams(query.slice(1));
    if (n > 1) params.set("page", String(n));
    const qs = params.toString();
    return qs ? `${path}?${qs}` : path;
  };
  return (
    <div className="container">
      <Suspense fallback={<BlogHeader path={path} heading={heading} lede={TEXTS.loading} />}>
        <Await resolve={posts}>
          {(posts) => {
            const playlist = playlistOf(posts.items);
            return (
              <>
                <BlogHeader
                  path={path}
                  heading={heading}
                  lede={`${posts.total} ${posts.total === 1 ? "story" : "stories"}`}
                />
                <div className="grid grid--cards">
                  {posts.items.map((post, i) => (
                    <PostCard
                      key={`${post.kind}-${post.id}`}
                      post={post}
                      eager={i < 3}
                      priority={i === 0}
                      playlist={playlist}
                      headingLevel={2}
                    />
                  ))}
                </div>
                <Pagination page={posts.page} pageCount={posts.pageCount} href={href} />
              </>
            );
          }}
        </Await>
      </Suspense>
    </div>
  );
}

function BlogHeader({ path, heading, lede }: { path: string; heading: string; lede: string }) {
  return (
    <header className="page-header">
      <p className="eyebrow">{path === "/blog" ? "Journal" : "Blog"}</p>
      <h1>{heading}</h1>
      <p className="page-header__lede">{lede}</p>
    </header>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
