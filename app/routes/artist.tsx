import { firstParagraphText } from "@core/content/document";
import { contentContext } from "@core/context";
import { readArtistPages } from "@core/page-params";
import { TEXTS } from "@core/texts";
import { data, redirect } from "react-router";
import { ListLink } from "../components/app-link";
import { ArtistName } from "../components/artist-name";
import { Cover } from "../components/cover";
import { RouteErrorBoundary } from "../components/error-page";
import { EventCard, eventCard } from "../components/event-card";
import { Icon } from "../components/icons";
import { LongText } from "../components/long-text";
import { Pagination } from "../components/pagination";
import { PostCard, postCardOf } from "../components/post-card";
import { formatLongDate } from "../lib/format";
import { absoluteUrl, coverOrPlaceholder } from "../lib/images";
import { missing } from "../lib/missing";
import { pagePreview } from "../lib/preview";
import { acceptedOr400 } from "../lib/refused";
import { errorMeta, seo, siteFromMatches } from "../lib/seo";
import { artistQueue } from "../player/artist-queue";
import { PlayButton } from "../player/play-button";
import type { Route } from "./+types/artist";
import { ARTIST_TEXTS } from "./artist-texts";

/** The lists of the page, each paged by its own query parameter (?posts=2: core/page-params.ts). */
const LISTS = ["posts", "releases", "mixtapes", "past"] as const;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const content = context.get(contentContext);
  const { catalogue } = content;
  const artist = await catalogue.getArtist(params.slug);
  if (!artist) throw missing(content, ARTIST_TEXTS.artistNotFound);
  const url = new URL(request.url);
  // A former slug: the artist's page is at its new one (docs/decisions/075-artists.md).
  if (artist.slug !== params.slug) throw redirect(`/artists/${artist.slug}${url.search}`, 301);
  const pages = acceptedOr400(readArtistPages(url.searchParams));
  const [work, genres, locations] = await Promise.all([
    catalogue.getArtistWork(artist.id, pages, new Date()),
    catalogue.listGenres(),
    catalogue.listLocations(),
  ]);
  // A genre or place links to its posts only when it has some: a list of none is no page
  // (docs/decisions/147-genres-link-where-there-are-posts.md). Both lists are the edge cache's.
  const slugs = (list: { slug: string }[]) => new Set(list.map((t) => t.slug));
  const [genresWithPosts, placesWithPosts] = [slugs(genres), slugs(locations)];
  // Past a list's last page the address names no page, as on every paged list (app/routes/list-paging.ts):
  // not when the source failed, whose lists are empty pages.
  const beyond = LISTS.some((list) => (pages[list] ?? 1) > work[list].pageCount);
  if (beyond && !content.sourceFailed()) throw data("Not found", { status: 404 });
  const card = ({
    id,
    slug,
    title,
    artist: name,
    artists,
    coverImage,
    releaseDate,
  }: {
    id: number;
    slug: string;
    title: string;
    artist: string | null;
    artists?: { slug: string; name: string }[];
    coverImage: string | null;
    releaseDate: string;
  }) => ({ id, slug, title, artist: name, artists, coverImage, releaseDate });
  return {
    artist,
    preview: pagePreview(content, "artist"),
    // The bio's first paragraph for the share tags, worked out here (docs/decisions/149-every-long-text-a-document.md).
    summary: firstParagraphText(artist.bio).slice(0, 200),
    linked: {
      genres: artist.genres.filter((g) => genresWithPosts.has(g.slug)).map((g) => g.slug),
      location: artist.location ? placesWithPosts.has(artist.location.slug) : false,
    },
    queue: artistQueue(artist.slug, work),
    posts: { ...work.posts, items: work.posts.items.map(postCardOf) },
    releases: {
      ...work.releases,
      items: work.releases.items.map((r) => ({
        ...card({ ...r, coverImage: r.artwork }),
        releaseType: r.releaseType,
      })),
    },
    mixtapes: {
      ...work.mixtapes,
      items: work.mixtapes.items.map((m) => ({ ...card(m), role: m.role })),
    },
    upcoming: work.upcoming.map(eventCard),
    past: { ...work.past, items: work.past.items.map(eventCard) },
  };
}

export function meta({ data, error, matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!data) return errorMeta(error, site);
  const { artist, summary } = data;
  const path = `/artists/${artist.slug}`;
  const description = summary || `${artist.name} on ${site.siteName}.`;
  return [
    ...seo(site, {
      title: artist.name,
      description,
      path,
      noindex: data.preview !== null,
      image: artist.image,
      type: "website",
      jsonLd: {
        "@context": "https://schema.org",
        "@type": artist.kind === "group" ? "MusicGroup" : "Person",
        name: artist.name,
        url: absoluteUrl(site.siteUrl, path),
        image: absoluteUrl(site.siteUrl, coverOrPlaceholder(artist.image)),
        description,
        genre: artist.genres.length ? artist.genres.map((g) => g.name) : undefined,
        ...(artist.location
          ? {
              [artist.kind === "group" ? "foundingLocation" : "homeLocation"]: {
                "@type": "Place",
                name: artist.location.name,
              },
            }
          : {}),
        sameAs: artist.links.length ? artist.links.map((l) => l.url) : undefined,
      },
    }),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: `${artist.name} on ${site.siteName}`,
      href: `${path}/feed.xml`,
    },
  ];
}

export default function ArtistPage({ loaderData }: Route.ComponentProps) {
  const { artist, linked, queue, posts, releases, mixtapes, upcoming, past } = loaderData;
  const feed = `/artists/${artist.slug}/feed.xml`;
  const pageHref = (list: (typeof LISTS)[number]) => (n: number) =>
    `/artists/${artist.slug}${n > 1 ? `?${list}=${n}` : ""}#${list}-heading`;
  const nothing = !posts.total && !releases.total && !mixtapes.total && !upcoming.length && !past.total;
  return (
    <article className="container artist">
      <header className="artist__header">
        <Cover
          src={artist.image}
          alt={`Portrait of ${artist.name}`}
          place="portrait"
          natural
          priority
          className="artist__image"
        />
        <div className="artist__info">
          <p className="eyebrow">{artist.kind === "group" ? "Artists" : "Artist"}</p>
          <h1>{artist.name}</h1>
          {artist.location || artist.genres.length ? (
            <p className="artist__facts">
              {artist.location ? (
                linked.location ? (
                  <ListLink to={`/blog/location/${artist.location.slug}`} className="artist__place">
                    {artist.location.name}
                  </ListLink>
                ) : (
                  <span className="artist__place">{artist.location.name}</span>
                )
              ) : null}
              {artist.genres.map((g) =>
                linked.genres.includes(g.slug) ? (
                  <ListLink key={g.slug} to={`/blog/genre/${g.slug}`} className="badge">
                    {g.name}
                  </ListLink>
                ) : (
                  <span key={g.slug} className="badge">
                    {g.name}
                  </span>
                ),
              )}
            </p>
          ) : null}
          <LongText doc={artist.bio} className="artist__bio long-text" />
          <div className="button-row">
            {queue[0] ? (
              <PlayButton track={queue[0]} list={queue} label={ARTIST_TEXTS.artistPlayAll} />
            ) : null}
            <details className="follow">
              <summary className="button button--ghost">{ARTIST_TEXTS.artistFollow}</summary>
              <div className="follow__menu">
                <a href={feed} className="follow__link">
                  <Icon name="rss" /> {ARTIST_TEXTS.artistFollowFeed}
                </a>
                <a href="#footer-newsletter" className="follow__link">
                  {ARTIST_TEXTS.artistFollowNewsletter}
                </a>
              </div>
            </details>
          </div>
          {artist.links.length ? (
            <ul className="buy-links" aria-label={`${artist.name} elsewhere`}>
              {artist.links.map((l) => (
                <li key={l.url}>
                  <a
                    href={l.url}
                    className="button button--ghost button--small"
                    rel="noopener me"
                    target="_blank"
                  >
                    {l.name}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </header>

      {nothing ? <p className="muted">{ARTIST_TEXTS.artistNothingYet}</p> : null}

      {posts.total ? (
        <section aria-labelledby="posts-heading" className="artist__section">
          <h2 id="posts-heading">{ARTIST_TEXTS.artistPosts}</h2>
          <div className="grid grid--cards">
            {posts.items.map((post) => (
              <PostCard key={post.id} post={post} playlist={queue} />
            ))}
          </div>
          <Pagination page={posts.page} pageCount={posts.pageCount} href={pageHref("posts")} />
        </section>
      ) : null}

      {releases.total ? (
        <section aria-labelledby="releases-heading" className="artist__section">
          <h2 id="releases-heading">{ARTIST_TEXTS.artistReleases}</h2>
          <ul className="artist__list">
            {releases.items.map((r) => (
              <li key={r.id} className="card card--row">
                <Cover src={r.coverImage} alt="" place="thumb" size={200} className="card__thumb" />
                <div className="card__body">
                  <p className="card__meta">
                    <span className="badge">{r.releaseType}</span>
                    <time dateTime={r.releaseDate}>{formatLongDate(r.releaseDate)}</time>
                  </p>
                  <h3 className="card__title">
                    <ListLink to={`/releases/${r.slug}`} className="card__link">
                      {r.title}
                    </ListLink>
                  </h3>
                  <p className="card__artist card__names">
                    <ArtistName name={r.artist ?? TEXTS.unknownArtist} artists={r.artists} />
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <Pagination page={releases.page} pageCount={releases.pageCount} href={pageHref("releases")} />
        </section>
      ) : null}

      {mixtapes.total ? (
        <section aria-labelledby="mixtapes-heading" className="artist__section">
          <h2 id="mixtapes-heading">{ARTIST_TEXTS.artistMixtapes}</h2>
          <ul className="artist__list">
            {mixtapes.items.map((m) => (
              <li key={m.id} className="card card--row">
                <Cover src={m.coverImage} alt="" place="thumb" size={200} className="card__thumb" />
                <div className="card__body">
                  <p className="card__meta">
                    <span className="badge">
                      {m.role === "author" ? ARTIST_TEXTS.artistMixedBy : ARTIST_TEXTS.artistInTracklist}
                    </span>
                    <time dateTime={m.releaseDate}>{formatLongDate(m.releaseDate)}</time>
                  </p>
                  <h3 className="card__title">
                    <ListLink to={`/mixtapes/${m.slug}`} className="card__link">
                      {m.title}
                    </ListLink>
                  </h3>
                  <p className="card__artist card__names">
                    <ArtistName name={m.artist ?? "Crossfade"} artists={m.artists} />
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <Pagination page={mixtapes.page} pageCount={mixtapes.pageCount} href={pageHref("mixtapes")} />
        </section>
      ) : null}

      {upcoming.length ? (
        <section aria-labelledby="upcoming-heading" className="artist__section">
          <h2 id="upcoming-heading">{ARTIST_TEXTS.artistUpcoming}</h2>
          <div className="artist__list">
            {upcoming.map((e) => (
              <EventCard key={e.id} event={e} />
            ))}
          </div>
        </section>
      ) : null}

      {past.total ? (
        <section aria-labelledby="past-heading" className="artist__section">
          <h2 id="past-heading">{ARTIST_TEXTS.artistPast}</h2>
          <div className="artist__list">
            {past.items.map((e) => (
              <EventCard key={e.id} event={e} />
            ))}
          </div>
          <Pagination page={past.page} pageCount={past.pageCount} href={pageHref("past")} />
        </section>
      ) : null}

      <p>
        <ListLink to="/artists" className="button button--ghost">
          {ARTIST_TEXTS.back}
        </ListLink>
      </p>
    </article>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
