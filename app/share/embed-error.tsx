import { useLocation, useRouteError, useRouteLoaderData } from "react-router";
import { badRequestProblem, RouteErrorBoundary } from "../components/error-page";
import type { SiteInfo } from "../lib/seo";
import { EMBED_TEXTS } from "./embed-player";

/**
 * The embed routes' error boundary. An option the embed does not take (a 400) is shown as a card
 * inside the frame of the site that pasted the code, saying which option and what it takes
 * (docs/decisions/122-an-embeds-mistake-shows-in-its-frame.md): no link into the site but the
 * item's page, in a new top-level window, as a rendered embed's. Anything else is the site's
 * error page, which is never framed (docs/decisions/064-embed-frames-only-itself.md).
 */
export function EmbedErrorBoundary() {
  const problem = badRequestProblem(useRouteError());
  const { pathname } = useLocation();
  const site = useRouteLoaderData("root") as SiteInfo | undefined;
  if (!problem) return <RouteErrorBoundary />;
  // An embed's address is its item's page under /embed (core/share/embed.ts `embedPath`); the
  // page's path is read off it here rather than with core/share/, which would bring the detail
  // pages' sharing chunk into every embed.
  const page = pathname.replace(/^\/embed(?=\/(?:blog|mixtapes|releases)\/[^/]+$)/, "");
  return (
    <main id="main">
      <article className="embed embed--full embed--dark" role="alert">
        <h1 className="embed__title embed__title--wraps">{EMBED_TEXTS.badCode}</h1>
        <p className="embed__problem">{EMBED_TEXTS.badCodeBody(problem)}</p>
        {page !== pathname ? (
          <a href={page} target="_blank" rel="noopener" className="embed__link">
            {EMBED_TEXTS.open(site?.siteName ?? "Crossfade")}
          </a>
        ) : null}
      </article>
    </main>
  );
}
