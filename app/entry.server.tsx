import { nonceContext, reporterContext } from "@core/context";
import { isbot } from "isbot";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import BodyEmbed from "./components/body-embed";
import { DocumentBody, EmbedCard } from "./components/document-body";
import { LongTextRenderer } from "./components/long-text";
// React's streaming renderer, each flush encoded once (docs/decisions/039, docs/decisions/042).
import { renderToHtmlStream } from "./lib/html-stream.server";
import css from "./styles/app.css?inline";
import { SiteCss } from "./styles/site-styles";

/** Abort a render whose data never settles, so the stream always ends (docs/product.md section 8: never blank). */
export const streamTimeout = 5_000;

/**
 * Errors of loaders, actions and the render reach error reporting (docs/decisions/016). A
 * visitor who went away (aborted request) and thrown 4xx answers are not errors.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  context.get(reporterContext)(error, "react-router");
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  let status = responseStatusCode;
  let shellRendered = false;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), streamTimeout + 1000);
  const userAgent = request.headers.get("user-agent");
  const wholeDocument = (userAgent !== null && isbot(userAgent)) || routerContext.isSpaMode;
  // The Worker made this response's CSP nonce (worker/security-headers.ts); React Router puts it
  // on <Scripts>, <ScrollRestoration> and its streamed data, React on its own inline scripts.
  const nonce = loadContext.get(nonceContext);
  const reportServerError = loadContext.get(reporterContext);

  // The one stylesheet is inlined in the head, so first paint waits for no request (docs/decisions/019).
  // A text's embed cards and the long texts are drawn from the modules imported here, not the
  // browser's lazy ones.
  const document = (
    <SiteCss value={css}>
      <EmbedCard value={BodyEmbed}>
        <LongTextRenderer value={DocumentBody}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </LongTextRenderer>
      </EmbedCard>
    </SiteCss>
  );
  const body = await renderToHtmlStream(document, {
    nonce,
    signal: controller.signal,
    // By default React sends even a finished Suspense boundary behind its fallback when it is
    // large, and swaps it in with an inline script: without JavaScript the page would stay on
    // its fallback. Finished boundaries go out in place; only pending ones stream (docs/decisions/019).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error: unknown) {
      // After the shell has gone out the page is already streaming: report it and let the
      // Suspense boundary fall back on the client, never break the document.
      if (!controller.signal.aborted) reportServerError(error, "render", shellRendered ? "warning" : "error");
      if (!shellRendered) status = 500;
    },
  });
  shellRendered = true;

  // Crawlers and link unfurlers get the whole document at once.
  if (wholeDocument) await body.allReady;
  body.allReady.finally(() => clearTimeout(timer));

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (request.method.toUpperCase() === "HEAD") {
    // Nobody reads a HEAD body: stop the render now rather than leave it (and its timers)
    // waiting on a stream that is never pulled.
    clearTimeout(timer);
    controller.abort();
    return new Response(null, { headers: responseHeaders, status });
  }
  return new Response(body, { headers: responseHeaders, status });
}
