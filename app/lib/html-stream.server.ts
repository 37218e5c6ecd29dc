import type { ReactNode } from "react";
import type { PipeableStream, RenderToPipeableStreamOptions } from "react-dom/server";
// React's Bun build of the streaming renderer: the same renderer and HTML as the Node and edge
// builds, but it hands its destination strings and leaves the encoding to it. The Node build
// calls TextEncoder.encodeInto once per attribute and text piece (thousands a page), the edge
// build TextEncoder.encode; here each flush is encoded once (docs/decisions/042).
import { renderToPipeableStream } from "react-dom/server.bun";

export type HtmlStream = ReadableStream<Uint8Array> & { allReady: Promise<void> };

export type HtmlStreamOptions = Omit<
  RenderToPipeableStreamOptions,
  "onShellReady" | "onShellError" | "onAllReady"
> & {
  /** Aborting it stops the render: pending Suspense boundaries are left to the client. */
  signal?: AbortSignal;
};

/**
 * What `renderToReadableStream` of `react-dom/server` gives, made from React's pipeable stream:
 * a promise of the byte stream once the shell is rendered (rejected if the shell fails), with
 * `allReady` settling when everything, Suspense boundaries included, has been rendered.
 */
export function renderToHtmlStream(children: ReactNode, options: HtmlStreamOptions): Promise<HtmlStream> {
  const { signal, ...renderOptions } = options;
  return new Promise((resolve, reject) => {
    let done: () => void = () => {};
    let failed: (error: unknown) => void = () => {};
    const allReady = new Promise<void>((res, rej) => {
      done = res;
      failed = rej;
    });
    allReady.catch(() => {});

    let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
    let closed = false;
    let pending = "";
    const encoder = new TextEncoder();
    // The writable React writes to: strings are joined until React flushes (at the end of each
    // pass over its completed work), then sent as one encoded chunk. No backpressure: React's
    // own `renderToReadableStream` does not wait for the reader either.
    const destination = {
      write(chunk: string) {
        if (!closed) pending += chunk;
        return true;
      },
      flush() {
        if (closed || pending === "") return;
        controller?.enqueue(encoder.encode(pending));
        pending = "";
      },
      end() {
        destination.flush();
        if (closed) return;
        closed = true;
        controller?.close();
      },
      destroy(error: unknown) {
        failed(error);
        if (closed) return;
        closed = true;
        controller?.error(error);
      },
      on() {
        return destination;
      },
    };

    let piped = false;
    let pipeable: PipeableStream | undefined;
    const stream = new ReadableStream<Uint8Array>(
      {
        start(c) {
          controller = c;
        },
        pull() {
          if (piped || !pipeable) return;
          piped = true;
          pipeable.pipe(destination as unknown as Parameters<PipeableStream["pipe"]>[0]);
        },
        cancel(reason) {
          closed = true;
          pipeable?.abort(reason);
        },
      },
      { highWaterMark: 0 },
    ) as HtmlStream;
    stream.allReady = allReady;

    pipeable = renderToPipeableStream(children, {
      ...renderOptions,
      onShellReady: () => resolve(stream),
      onShellError: (error) => {
        failed(error);
        reject(error);
      },
      onAllReady: () => done(),
    });

    if (signal) {
      const stop = () => pipeable?.abort(signal.reason);
      if (signal.aborted) stop();
      else signal.addEventListener("abort", stop, { once: true });
    }
  });
}
