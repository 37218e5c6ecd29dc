import { contentContext } from "@core/context";
import { ListLink } from "../components/app-link";
import { ArtistName } from "../components/artist-name";
import { CardCover } from "../components/cover";
import { RouteErrorBoundary } from "../components/error-page";
import { Pagination } from "../components/pagination";
import { errorMeta, seo, siteFromMatches } from "../lib/seo";
import type { Route } from "./+types/releases";
import { listPage, listPageOr404, pageHref, pageTitle } from "./list-paging";

export async function loader({ request, context }: Route.LoaderArgs) {
  const content = context.get(contentContext);
  const page = listPage(request);
  // 100 a page, newest first (docs/product.md section 3): ?page=k links work without JavaScript.
  const releases = await listPageOr404(page, content.catalogue.listReleases({ page }), () =>
    content.sourceFailed(),
  );
  return { releases };
}

export function meta({ data, error, matches }: Route.MetaArgs) {
  if (error) return errorMeta(error, siteFromMatches(matches));
  return seo(siteFromMatches(matches), {
    title: pageTitle("Releases", data?.releases.page ?? 1),
    description: "Crossfade Records: singles, EPs and albums from the label.",
    path: "/releases",
  });
}

export default function Releases({ loaderData }: Route.ComponentProps) {
  const { items, page, pageCount } = loaderData.releases;
  return (
    <div className="container">
      <header className="page-header">
        <p className="eyebrow">Crossfade Records</p>
        <h1>Releases</h1>
        <p className="page-header__lede">The label catalogue, newest first.</p>
      </header>
      <div className="grid grid--cards">
        {items.map((r, i) => (
          <article key={r.id} className="card">
            <CardCover src={r.artwork} index={i} />
            <div className="card__body">
              <p className="card__meta">
                <span className="badge">{r.releaseType}</span>
                {r.catalogNumber ? <span>{r.catalogNumber}</span> : null}
              </p>
              <h2 className="card__title">
                <ListLink to={`/releases/${r.slug}`} className="card__link">
                  {r.title}
                </ListLink>
              </h2>
              <p className="card__artist card__names">
                <ArtistName name={r.artist} artists={r.artists} />
              </p>
            </div>
          </article>
        ))}
      </div>
      <Pagination page={page} pageCount={pageCount} href={pageHref("/releases")} />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
