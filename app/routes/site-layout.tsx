import { Outlet, useLocation } from "react-router";
import { LinkHost } from "../components/app-link";
import { BackToTop } from "../components/back-to-top";
import { AppErrorBoundary } from "../components/error-page";
import { LoadingIndicator } from "../components/loading-indicator";
import { PreviewBanner } from "../components/preview-banner";
import { SiteFooter } from "../components/site-footer";
import { SiteHeader } from "../components/site-header";
import { isBarePath } from "../lib/layout";
import { PlayerHost } from "../player/player-host";
import { SearchLauncher } from "../search/search-launcher";

/**
 * The site's frame around every page but the embeds: header, footer, the persistent player and
 * search. A layout route rather than the root, so that /embed/* loads none of it (docs/decisions/031).
 */
export default function SiteLayout() {
  const { pathname } = useLocation();
  const bare = isBarePath(pathname);
  return (
    <LinkHost>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      {bare ? null : <SiteHeader />}
      <LoadingIndicator />
      <main id="main" className="page" tabIndex={-1}>
        <PreviewBanner />
        <Outlet />
      </main>
      {bare ? null : <SiteFooter />}
      {/* Not inside the footer: the footer is laid out only near the window (docs/decisions/113). */}
      {bare ? null : <BackToTop />}
      {/* Outside the route outlet, so navigation never interrupts playback (docs/decisions/006). */}
      <PlayerHost />
      <SearchLauncher />
    </LinkHost>
  );
}

// An error escaping a page keeps the site's frame around the error page.
export const ErrorBoundary = AppErrorBoundary;
