import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import css from "./styles/app.css?inline";
import { SiteCss } from "./styles/site-styles";

/** Abort a render whose data never settles, so the stream always ends (SPEC 8: never blank). */
export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  let status = responseStatusCode;
  let shellRendered = false;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), streamTimeout + 1000);
  const userAgent = request.headers.get("user-agent");
  const wholeDocument = (userAgent !== null && isbot(userAgent)) || routerContext.isSpaMode;

  const document = (
    <SiteCss value={css}>
      <ServerRouter context={routerContext} url={request.url} />
    </SiteCss>
  );
  const body = await renderToReadableStream(document, {
    signal: controller.signal,
    // By default React sends even a finished Suspense boundary behind its fallback when it is
    // large, and swaps it in with an inline script: without JavaScript the page would stay on
    // its fallback. Finished boundaries go out in place; only pending ones stream (issue 9).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error: unknown) {
      // After the shell has gone out the page is already streaming: log it and let the
      // Suspense boundary fall back on the client, never break the document.
      if (shellRendered) console.warn("render error after shell", error);
      else status = 500;
    },
  });
  shellRendered = true;

  // Crawlers and link unfurlers get the whole document at once.
  if (wholeDocument) await body.allReady;
  body.allReady.finally(() => clearTimeout(timer));

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { headers: responseHeaders, status });
  }
  return new Response(body, { headers: responseHeaders, status });
}
