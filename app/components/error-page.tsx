import { TEXTS } from "@core/texts";
import { type ReactNode, useEffect } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { reportLater } from "../monitoring/error-listeners";
import { AppLink } from "./app-link";

/** The frame every error page shares: an optional eyebrow, the title, one line, the ways on. */
function ErrorFrame({
  eyebrow,
  title,
  body,
  alert,
  children,
}: {
  eyebrow?: string;
  title: string;
  body: string;
  /** Announced at once (role alert): a failure, not a page that simply is not there. */
  alert?: boolean;
  children: ReactNode;
}) {
  return (
    <section className="error-page container" role={alert ? "alert" : undefined}>
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h1>{title}</h1>
      <p>{body}</p>
      <p className="error-page__actions">{children}</p>
    </section>
  );
}

/**
 * The not-found page (HTTP 404), or with `problem` the 400 of an address that asks for something
 * the page cannot take, saying what (the same ways on: the link is what went wrong).
 */
export function NotFound({ problem }: { problem?: string }) {
  return (
    <ErrorFrame
      eyebrow={problem ? "400" : "404"}
      title={problem ? TEXTS.badRequestTitle : TEXTS.notFoundTitle}
      body={problem ? TEXTS.badRequestBody(problem) : TEXTS.notFoundBody}
    >
      <AppLink to="/" className="button button--accent">
        Go home
      </AppLink>
      <AppLink to="/blog" className="button button--ghost">
        Read the blog
      </AppLink>
    </ErrorFrame>
  );
}

/** The message a loader's 400 carries (app/lib/refused.ts), if the error is one. */
export function badRequestProblem(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error) || error.status !== 400) return undefined;
  return typeof error.data === "string" && error.data ? error.data : undefined;
}

/** docs/product.md section 2: the page error with its exact texts and a button that reloads. */
export function PageError() {
  return (
    <ErrorFrame title={TEXTS.pageErrorTitle} body={TEXTS.pageErrorBody} alert>
      <button type="button" className="button button--accent" onClick={() => window.location.reload()}>
        {TEXTS.refreshPage}
      </button>
    </ErrorFrame>
  );
}

/**
 * Reports an error a boundary caught in the browser (effects never run on the server, where
 * entry.server's handleError has already reported it). Errors that came from the server arrive
 * sanitized and without a stack ("Unexpected Server Error"): those were reported there.
 */
function useReportBoundaryError(error: unknown) {
  useEffect(() => {
    if (isRouteErrorResponse(error)) return;
    if (error instanceof Error && !error.stack) return;
    reportLater(error, "error-boundary", true);
  }, [error]);
}

/**
 * Every route's error boundary: 404s become the not-found page, a 400 with a message the page
 * that says what the address got wrong, anything else the page error.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  useReportBoundaryError(error);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const problem = badRequestProblem(error);
  if (problem) return <NotFound problem={problem} />;
  if (!isRouteErrorResponse(error)) console.error(error);
  return <PageError />;
}

/** A page's data could not be loaded (network dropped, server error): refreshing is the remedy. */
function isLoadFailure(error: unknown): boolean {
  if (isRouteErrorResponse(error)) return error.status >= 500;
  return error instanceof TypeError && /fetch|network|load/i.test(error.message);
}

/**
 * The root boundary, for errors no route caught. A failed page load (React Router's single
 * fetch fails for every route at once, so it lands here) still gets the page error and its
 * Refresh Page button; anything else is the generic 'Unexpected Application Error'.
 */
export function AppErrorBoundary() {
  const error = useRouteError();
  useReportBoundaryError(error);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isLoadFailure(error)) return <PageError />;
  console.error(error);
  return (
    <ErrorFrame title={TEXTS.unexpectedError} body={TEXTS.pageErrorBody} alert>
      <a href="/" className="button button--accent">
        Go home
      </a>
    </ErrorFrame>
  );
}
