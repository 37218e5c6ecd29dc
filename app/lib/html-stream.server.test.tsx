import { type ReactNode, Suspense, use } from "react";
import { renderToReadableStream } from "react-dom/server.node";
import { describe, expect, it } from "vitest";
import { renderToHtmlStream } from "./html-stream.server";

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

function Later({ value }: { value: Promise<string> }) {
  return <p className="later">{use(value)}</p>;
}

function Page({ later }: { later: Promise<string> }): ReactNode {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <style dangerouslySetInnerHTML={{ __html: `body{color:#111}.x::after{content:"—"}\n`.repeat(400) }} />
        <title>Björn Åström — Faded Harbour 🎧</title>
      </head>
      <body className="layout-site">
        <a href="/blog" aria-current="page" className="active" data-discover="true">
          Blog
        </a>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M3 12h18" strokeWidth={2} />
        </svg>
        {Array.from({ length: 50 }, (_, i) => (
          <article key={i} className="card">
            <h2>
              Post {i} — café «{i}»
            </h2>
            <img src={`/covers/${i}.jpg`} alt="" width={320} height={320} loading="lazy" />
          </article>
        ))}
        <Suspense fallback={<p>Loading…</p>}>
          <Later value={later} />
        </Suspense>
      </body>
    </html>
  );
}

const delayed = (value: string, ms: number) => new Promise<string>((r) => setTimeout(() => r(value), ms));

describe("renderToHtmlStream (React's streaming renderer, each flush encoded once)", () => {
  it("writes the same document as React's renderToReadableStream, streamed boundary included", async () => {
    const options = { nonce: "n0nce", progressiveChunkSize: Number.POSITIVE_INFINITY };
    const ours = await renderToHtmlStream(<Page later={delayed("Arrived ✓", 30)} />, options);
    const reacts = await renderToReadableStream(<Page later={delayed("Arrived ✓", 30)} />, options);
    const [a, b] = await Promise.all([text(ours), text(reacts)]);
    expect(a).toBe(b);
    expect(a).toContain("Loading…");
    expect(a).toContain("Arrived ✓");
    expect(a).toContain('nonce="n0nce"');
    expect(a.endsWith("</body></html>")).toBe(true);
  });

  it("resolves with the shell before a pending boundary, and allReady once it is done", async () => {
    // The boundary's data arrives when the test says, not after a timer a busy machine can outrun.
    let arrive: (value: string) => void = () => {};
    const later = new Promise<string>((resolve) => {
      arrive = resolve;
    });
    const stream = await renderToHtmlStream(<Page later={later} />, {});
    let ready = false;
    stream.allReady.then(() => {
      ready = true;
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(ready).toBe(false);
    arrive("late");
    const html = await text(stream);
    expect(ready).toBe(true);
    expect(html).toContain('<p class="later">late</p>');
  });

  it("leaves a pending boundary to the client when the signal aborts, and still ends the document", async () => {
    const controller = new AbortController();
    const errors: unknown[] = [];
    const stream = await renderToHtmlStream(<Page later={new Promise<string>(() => {})} />, {
      signal: controller.signal,
      onError: (error) => {
        errors.push(error);
      },
    });
    setTimeout(() => controller.abort(new Error("too slow")), 10);
    const html = await text(stream);
    await stream.allReady;
    expect(html).toContain("Loading…");
    expect(html).not.toContain('class="later"');
    expect(html.endsWith("</body></html>")).toBe(true);
    expect(errors).toHaveLength(1);
  });

  it("rejects when the shell fails", async () => {
    function Broken(): ReactNode {
      throw new Error("shell broke");
    }
    await expect(renderToHtmlStream(<Broken />, { onError: () => {} })).rejects.toThrow("shell broke");
  });

  it("stops rendering when the reader cancels", async () => {
    const stream = await renderToHtmlStream(<Page later={new Promise<string>(() => {})} />, {
      onError: () => {},
    });
    const reader = stream.getReader();
    await reader.read();
    await reader.cancel("gone");
    await expect(stream.allReady).resolves.toBeUndefined();
  });
});
