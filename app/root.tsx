import { contentContext, turnstileContext } from "@core/context";
import { Provider as JotaiProvider } from "jotai";
import type { ReactNode } from "react";
import { Links, Meta, Outlet, ScrollRestoration, useLocation } from "react-router";
import type { Route } from "./+types/root";
import { AppErrorBoundary } from "./components/error-page";
import { PageScripts } from "./components/page-scripts";
import { isBarePath, isEmbedPath } from "./lib/layout";
import { SiteStyles } from "./styles/site-styles";

/**
 * What every page needs of the site: its URL and name, and Turnstile's site key while the forms'
 * bot check is on (null otherwise; app/forms/human-check.tsx reads it).
 */
export function loader({ context }: Route.LoaderArgs) {
  const { siteUrl, siteName } = context.get(contentContext);
  return { siteUrl, siteName, turnstileSiteKey: context.get(turnstileContext)?.siteKey ?? null };
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

/**
 * The document around every page. The site's header, footer, player and search live in the
 * routes/site-layout.tsx layout route, which /embed/* pages are not under.
 */
export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const embed = isEmbedPath(pathname);
  const bodyClass = embed ? "layout-embed" : isBarePath(pathname) ? "layout-bare" : "layout-site";
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
      <body className={bodyClass}>
        {/* One Jotai store per render: the Provider owns it (docs/conventions.md "State"). */}
        <JotaiProvider>{children}</JotaiProvider>
        {/* An embed is one screen with nothing to restore, and framed by another site it may not
            touch sessionStorage at all (browsers that block third-party storage throw on the
            read): React Router's restoration script would fail there (docs/decisions/031). */}
        {embed ? null : <ScrollRestoration nonce={clientNonce} />}
        <PageScripts nonce={clientNonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export const ErrorBoundary = AppErrorBoundary;
