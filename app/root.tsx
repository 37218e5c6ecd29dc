import { contentContext } from "@core/context";
import { Provider as JotaiProvider } from "jotai";
import type { ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from "react-router";
import type { Route } from "./+types/root";
import { AppErrorBoundary } from "./components/error-page";
import { LoadingIndicator } from "./components/loading-indicator";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { PlayerHost } from "./player/player-host";
import { SearchLauncher } from "./search/search-launcher";
import { SiteStyles } from "./styles/site-styles";

export function loader({ context }: Route.LoaderArgs) {
  const { siteUrl, siteName } = context.get(contentContext);
  return { siteUrl, siteName };
}

/**
 * The CSP nonce in the browser. The server gives it to React Router through <ServerRouter
 * nonce> (entry.server); the client has no such context, and browsers hide the attribute
 * (getAttribute gives ""), but a script element's `nonce` property keeps it. Passing it back
 * keeps hydration from seeing nonce="" against nonce={undefined} (React warns in development).
 */
const clientNonce =
  typeof document === "undefined"
    ? undefined
    : document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;

/** Home and search stand alone; every other page gets the header and footer (docs/product.md section 2). */
export function isBarePath(pathname: string): boolean {
  return pathname === "/" || pathname === "/search" || pathname === "/search/";
}

/** Embeds are framed by other sites: the card alone, without the site's chrome or player (docs/decisions/026). */
export const isEmbedPath = (pathname: string) => pathname.startsWith("/embed/");

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const bare = isBarePath(pathname);
  const embed = isEmbedPath(pathname);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b0b10" />
        <SiteStyles />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="alternate" type="application/rss+xml" title="Crossfade" href="/rss.xml" />
        <Meta />
        <Links nonce={clientNonce} />
      </head>
      <body className={embed ? "layout-embed" : bare ? "layout-bare" : "layout-site"}>
        {/* One Jotai store per render: the Provider owns it (docs/conventions.md "State"). */}
        {embed ? (
          <JotaiProvider>
            <main id="main">{children}</main>
          </JotaiProvider>
        ) : (
          <JotaiProvider>
            <a href="#main" className="skip-link">
              Skip to content
            </a>
            {bare ? null : <SiteHeader />}
            <LoadingIndicator />
            <main id="main" className="page" tabIndex={-1}>
              {children}
            </main>
            {bare ? null : <SiteFooter />}
            {/* Outside the route outlet, so navigation never interrupts playback (docs/decisions/006). */}
            <PlayerHost />
            <SearchLauncher />
          </JotaiProvider>
        )}
        <ScrollRestoration nonce={clientNonce} />
        <Scripts nonce={clientNonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export const ErrorBoundary = AppErrorBoundary;
