import type { ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import { type Copy, render } from "./tree";

/** React Router's default document, around the copied page's head and body elements. */
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
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}
