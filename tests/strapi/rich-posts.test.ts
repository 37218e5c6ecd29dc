import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DocumentBody } from "@app/components/document-body";
import { bodyToDocument } from "@core/content/document-markdown";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterAll, describe, expect, it } from "vitest";
import { adminToken, cmsApi, cmsUrl, h1Of, workerUrl } from "./lane";

// A post written in Strapi's rich-text editor (docs/decisions/144-one-document-model.md), as its
// REST API takes it: the premiere of a music blog with a link, strong, a heading, a list and a
// quote, then a photo uploaded with its alternative text and caption, and a Spotify link alone
// in its paragraph. The Worker draws the same HTML as for the same post written as Markdown in a
// content file, a figure through the image route, and a player card for the link.
const PREMIERE = `Out now on [Bandcamp](https://example.bandcamp.com/album/x), and **loud**.

## The tracks

- One
- Two

> A quote from the artist.
`;
const text = (t: string, marks: Record<string, boolean> = {}) => ({ type: "text", text: t, ...marks });
const SLUG = `rich-premiere-${Date.now().toString(36)}`;
const created: Array<[string, string]> = [];

afterAll(async () => {
  for (const [type, id] of created) await cmsApi(`/${type}/${id}`, { method: "DELETE" });
});

/**
 * Uploads a photo as the admin panel's image block does (its upload route, signed in): Strapi's
 * file, with its alternative text and caption.
 */
async function upload(
  file: string,
  alternativeText: string,
  caption: string,
): Promise<Record<string, unknown>> {
  const form = new FormData();
  form.append("files", new Blob([readFileSync(file)], { type: "image/jpeg" }), "studio-night.jpg");
  form.append("fileInfo", JSON.stringify({ alternativeText, caption }));
  const res = await fetch(`${cmsUrl()}/upload`, {
    method: "POST",
    headers: { Authorization: `Bearer ${await adminToken()}` },
    body: form,
  });
  expect([200, 201], await res.clone().text()).toContain(res.status);
  return ((await res.json()) as Array<Record<string, unknown>>)[0] as Record<string, unknown>;
}

describe("a rich post written in Strapi's editor", () => {
  it("is drawn as the same post from a content file: the link, heading, list and quote, a figure and a player", async () => {
    const photo = await upload(
      join(process.cwd(), "content", "releases", "bjorn-astrom-faded-harbour.jpg"),
      "The studio at night",
      "The studio, the night of the session. Photo: Crossfade",
    );
    const content = [
      {
        type: "paragraph",
        children: [
          text("Out now on "),
          { type: "link", url: "https://example.bandcamp.com/album/x", children: [text("Bandcamp")] },
          text(", and "),
          text("loud", { bold: true }),
          text("."),
        ],
      },
      { type: "heading", level: 2, children: [text("The tracks")] },
      {
        type: "list",
        format: "unordered",
        children: [
          { type: "list-item", children: [text("One")] },
          { type: "list-item", children: [text("Two")] },
        ],
      },
      { type: "quote", children: [text("A quote from the artist.")] },
      { type: "image", image: photo, children: [text("")] },
      {
        type: "paragraph",
        children: [
          {
            type: "link",
            url: "https://open.spotify.com/track/51mCKtxirQHYKP9Lm6a4NB",
            children: [text("Harbour at dawn")],
          },
        ],
      },
    ];
    const res = await cmsApi("/blog-posts", {
      method: "POST",
      body: JSON.stringify({
        data: {
          title: "Harbour Static premieres Quayside",
          slug: SLUG,
          artist_name: "Harbour Static",
          excerpt: "A first listen.",
          postDate: "2026-11-20T10:00:00.000Z",
          category: "premieres",
          content,
        },
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    created.push(["blog-posts", ((await res.json()) as { data: { documentId: string } }).data.documentId]);

    const page = await fetch(`${workerUrl()}/blog/${SLUG}`, { signal: AbortSignal.timeout(15_000) });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(h1Of(html)).toBe("Harbour Static premieres Quayside");
    const body = html.slice(html.indexOf('class="post__excerpt"'), html.indexOf('class="post__footer"'));

    // The same elements as the Markdown premiere drawn by the site's renderer.
    const fromFile = renderToString(createElement(DocumentBody, { doc: bodyToDocument(PREMIERE).document }));
    expect(fromFile).toContain('<a href="https://example.bandcamp.com/album/x" rel="noopener">Bandcamp</a>');
    expect(body).toContain(fromFile);

    // The photo: a figure drawn from the upload's variants, with its alternative text and caption.
    const figure = body.match(/<figure class="body-figure">([\s\S]*?)<\/figure>/)?.[1] ?? "";
    const base = figure.match(/src="(\/media\/cms\/[A-Za-z0-9_./-]+\.jpg)\/480"/)?.[1];
    expect(base, figure).toBeTruthy();
    expect(figure).toContain(`srcSet="${base}/48 48w`);
    expect(figure).toContain('sizes="(min-width:744px) 680px, 100vw"');
    expect(figure).toContain('alt="The studio at night"');
    expect(figure).toContain(
      "<figcaption>The studio, the night of the session. Photo: Crossfade</figcaption>",
    );
    const variant = await fetch(`${workerUrl()}${base}/640`, { headers: { Accept: "image/avif" } });
    expect(variant.status).toBe(200);
    expect(variant.headers.get("Content-Type")).toBe("image/avif");
    await variant.body?.cancel();

    // The Spotify link alone in its paragraph: a card with Play, nothing of Spotify on the page.
    expect(body).toMatch(/<section class="embed-card" aria-label="Harbour at dawn">/);
    expect(body).toMatch(/aria-label="Harbour at dawn"[\s\S]*?<button[^>]*class="play-button/);
    expect(body).not.toMatch(/<iframe|<script/);
  });

  it("draws a release's description and credits written there as the same text from a content file", async () => {
    // docs/decisions/149-every-long-text-a-document.md: every long text is the same document.
    const description =
      "Pressed once, on [vinyl](https://example.bandcamp.com/album/tide).\n\n## Side B\n\n- The dub\n- The reprise\n";
    const credits = "Mastered by [Tom Ashby](https://example.com/tom).\n";
    const slug = `rich-release-${Date.now().toString(36)}`;
    const res = await cmsApi("/label-releases", {
      method: "POST",
      body: JSON.stringify({
        data: {
          title: "Tide",
          slug,
          artist_name: "Harbour Static",
          release_date: "2026-11-20",
          description: [
            {
              type: "paragraph",
              children: [
                text("Pressed once, on "),
                { type: "link", url: "https://example.bandcamp.com/album/tide", children: [text("vinyl")] },
                text("."),
              ],
            },
            { type: "heading", level: 2, children: [text("Side B")] },
            {
              type: "list",
              format: "unordered",
              children: [
                { type: "list-item", children: [text("The dub")] },
                { type: "list-item", children: [text("The reprise")] },
              ],
            },
          ],
          credits: [
            {
              type: "paragraph",
              children: [
                text("Mastered by "),
                { type: "link", url: "https://example.com/tom", children: [text("Tom Ashby")] },
                text("."),
              ],
            },
          ],
        },
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    created.push([
      "label-releases",
      ((await res.json()) as { data: { documentId: string } }).data.documentId,
    ]);

    const page = await fetch(`${workerUrl()}/releases/${slug}`, { signal: AbortSignal.timeout(15_000) });
    expect(page.status).toBe(200);
    const html = await page.text();
    const drawn = (md: string) =>
      renderToString(createElement(DocumentBody, { doc: bodyToDocument(md).document }));
    expect(drawn(description)).toContain("<h2>Side B</h2><ul><li>The dub</li><li>The reprise</li></ul>");
    expect(html).toContain(
      `<div class="detail__description long-text"><!--$-->${drawn(description)}<!--/$--></div>`,
    );
    const creditsHtml = html.slice(html.indexOf('id="credits-heading"'));
    expect(creditsHtml).toContain(`<div class="long-text"><!--$-->${drawn(credits)}<!--/$--></div>`);
    expect(creditsHtml).toContain('<a href="https://example.com/tom" rel="noopener">Tom Ashby</a>');
  });
});
