import type { ReactNode } from "react";
import { Links, Meta, Outlet, ScrollRestoration, useRouteLoaderData } from "react-router";
// The site's module preloads ask for a low fetch priority (docs/decisions/038); the floor loads
// its modules the same way, so Lighthouse's simulation times both first paints alike
// (bench/decisions/109-framework-floor-loads-modules-like-the-site.md). It is how the document asks for scripts, not a component of the page.
import { PageScripts } from "../../../app/components/page-scripts";
import { type Copy, render } from "./tree";

/** React Router's default document (its scripts' preloads at a low priority), around the copied page's head and body elements. */
export function Layout({ children }: { children: ReactNode }) {
  const page = useRouteLoaderData<Copy>("page");
  const home = useRouteLoaderData<Copy>("home");
  const copy = page ?? home;
  return (
    <html lang={copy?.lang ?? "en"}>
      <head>
        {copy ? render(copy.head) : <meta charSet="utf-8" />}
        <Meta />
        <Links />
      </head>
      <body {...copy?.bodyProps}>
        {children}
        <ScrollRestoration />
        <PageScripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}
