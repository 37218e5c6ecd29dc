import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";

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

  const body = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} />, {
    signal: controller.signal,
    onError(error: unknown) {
      // After the shell has gone out the page is already streaming: log it and let the
      // Suspense boundary fall back on the client, never break the document.
      if (shellRendered) console.warn("render error after shell", error);
      else status = 500;
    },
  });
  shellRendered = true;

  // Crawlers and link unfurlers get the whole document at once.
  const userAgent = request.headers.get("user-agent");
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) {
    await body.allReady;
  }
  body.allReady.finally(() => clearTimeout(timer));

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { headers: responseHeaders, status });
  }
  return new Response(body, { headers: responseHeaders, status });
}
