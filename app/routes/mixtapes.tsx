import { contentContext } from "@core/context";
import { ListLink } from "../components/app-link";
import { ArtistName } from "../components/artist-name";
import { CardCover } from "../components/cover";
import { RouteErrorBoundary } from "../components/error-page";
import { Icon } from "../components/icons";
import { Pagination } from "../components/pagination";
import { formatLongDate } from "../lib/format";
import { errorMeta, seo, siteFromMatches } from "../lib/seo";
import { QueueButtons } from "../player/queue-buttons";
import { trackFromMixtape } from "../player/tracks";
import type { Route } from "./+types/mixtapes";
import { listPage, listPageOr404, pageHref, pageTitle } from "./list-paging";

export async function loader({ request, context }: Route.LoaderArgs) {
  const content = context.get(contentContext);
  const page = listPage(request);
  // 100 a page, newest first (docs/product.md section 3): ?page=k links work without JavaScript.
  const mixtapes = await listPageOr404(page, content.catalogue.listMixtapes({ page }), () =>
    content.sourceFailed(),
  );
  return { mixtapes };
}

/** The podcast feed, for feed readers and podcast apps that look in the page head. */
export const links: Route.LinksFunction = () => [
  {
    rel: "alternate",
    type: "application/rss+xml",
    title: "Crossfade Mixtapes (podcast)",
    href: "/mixtapes/feed.xml",
  },
];

export function meta({ data, error, matches }: Route.MetaArgs) {
  if (error) return errorMeta(error, siteFromMatches(matches));
  return seo(siteFromMatches(matches), {
    title: pageTitle("Mixtapes", data?.mixtapes.page ?? 1),
    description: "The Crossfade mixtape series: long-form DJ mixes with full tracklists.",
    path: "/mixtapes",
  });
}

export default function Mixtapes({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount } = loaderData.mixtapes;
  return (
    <div className="container">
      <header className="page-header">
        <p className="eyebrow">Series</p>
        <h1>Mixtapes</h1>
        <p className="page-header__lede">{total} mixes, newest first.</p>
        <p>
          <a href="/mixtapes/feed.xml" className="button button--ghost button--small">
            <Icon name="rss" /> Subscribe as a podcast
          </a>
        </p>
      </header>
      <div className="grid grid--cards">
        {items.map((m, i) => {
          const track = trackFromMixtape(m);
          return (
            <article key={m.id} className="card">
              <CardCover src={m.coverImage} index={i} />
              <div className="card__body">
                <p className="card__meta">
                  <span className="badge">{m.category}</span>
                  <time dateTime={m.releaseDate}>{formatLongDate(m.releaseDate)}</time>
                </p>
                <h2 className="card__title">
                  <ListLink to={`/mixtapes/${m.slug}`} className="card__link">
                    {m.title}
                  </ListLink>
                </h2>
                <p className="card__artist card__names">
                  <ArtistName name={m.artist ?? "Crossfade"} artists={m.artists} />
                </p>
                <p className="card__excerpt">
                  {m.trackCount} tracks · {m.duration}
                </p>
                {track ? <QueueButtons track={track} /> : null}
              </div>
            </article>
          );
        })}
      </div>
      <Pagination page={page} pageCount={pageCount} href={pageHref("/mixtapes")} />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
