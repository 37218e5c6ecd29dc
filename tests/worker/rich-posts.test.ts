import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { visit } from "./helpers";

// A post written as a music blog writes one (docs/decisions/144-one-document-model.md): the
// demo's "ten records" post has a heading, a nested list, a quote, a site link, an embedded
// Spotify track and a Bandcamp link card. Its page draws them as elements, its feeds carry them
// as HTML, and search finds the words of its heading and list.
const SLUG = "bjorn-astrom-picks-ten-records-that-shaped-experimental-electronics";

describe("a rich post", () => {
  it("is drawn with its heading, list, quote, links and embeds, and no stored HTML", async () => {
    const res = await visit(`/blog/${SLUG}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const body = html.slice(html.indexOf('class="post__body"'), html.indexOf('class="post__footer"'));
    expect(body).toContain("<h2>The ten records</h2>");
    expect(body).toMatch(
      /<ol><li>A tape of church bells, slowed to a crawl<\/li><li><strong>Tape Hiss Society<\/strong>, the first single<ul><li>the <em>dub<\/em> version, never the original<\/li><\/ul><\/li>/,
    );
    expect(body).toContain(
      "<blockquote><p>Chaotic, generous and very, very loud.</p><p>That is how Tape Hiss Society remembers those nights.</p></blockquote>",
    );
    // A site path navigates client-side: the anchor React Router's Link renders.
    expect(body).toMatch(
      /<a href="\/blog\/bjorn-astroms-guide-to-reykjavik-after-dark"[^>]*>guide to Reykjavík after dark<\/a>/,
    );
    // The Spotify track is a card with Play and the queue's buttons; nothing of Spotify loads.
    expect(body).toMatch(/<section class="embed-card" aria-label="Harbour at dawn">/);
    expect(body).toMatch(/aria-label="Harbour at dawn"[\s\S]*?<button[^>]*class="play-button/);
    expect(body).not.toMatch(/<iframe|<script/);
    // Bandcamp, which the player has no engine for: a link card opening the page.
    expect(body).toContain(
      '<a class="embed-card__link" href="https://bjornastrom.bandcamp.com/album/harbour" rel="noopener">Listen on Bandcamp</a>',
    );
    // A photo in the body is a figure with its caption, through the covers' pipeline: a lazy
    // image with the ladder's widths for the body's column and its own shape.
    const figure = body.match(/<figure class="body-figure">([\s\S]*?)<\/figure>/)?.[1] ?? "";
    expect(figure).toMatch(
      /<img [^>]*alt="The sleeve of Faded Harbour: a violet sky fading to an orange glow"/,
    );
    expect(figure).toMatch(/srcSet="[^"]*\/media\/img\/9f2c383ad3f85b64510f2d4d\/640 640w/i);
    expect(figure).toContain('sizes="(min-width:744px) 680px, 100vw"');
    expect(figure).toMatch(/width="680" height="680"/);
    expect(figure).toMatch(/loading="lazy"/);
    expect(figure).toContain(
      "<figcaption>Faded Harbour, the record the harbour recording became. Artwork: Crossfade</figcaption>",
    );
    // JSON-LD carries the body's text.
    expect(html).toMatch(/"articleBody":"It is hard to overstate[^"]*The ten records/);
  });

  it("goes whole into the genre's feed, as escaped HTML with absolute links", async () => {
    const res = await visit("/blog/genre/experimental/feed.xml");
    expect(res.status).toBe(200);
    const xml = await res.text();
    const item = xml.split("<item>").find((i) => i.includes(`/blog/${SLUG}<`)) ?? "";
    expect(item).toContain("&lt;h2&gt;The ten records&lt;/h2&gt;");
    expect(item).toContain(
      "&lt;a href=&quot;http://localhost:8787/blog/bjorn-astroms-guide-to-reykjavik-after-dark&quot;&gt;",
    );
    expect(item).toContain("&lt;blockquote&gt;&lt;p&gt;Chaotic, generous and very, very loud.&lt;/p&gt;");
    expect(item).toContain(
      "&lt;figure&gt;&lt;img src=&quot;http://localhost:8787/media/img/9f2c383ad3f85b64510f2d4d/1024.jpg&quot;",
    );
  });

  it("is found by the words of its list and heading, and the store keeps it as a document", async () => {
    const res = await visit("/api/search?q=church%20bells");
    expect(res.status).toBe(200);
    const found = (await res.json()) as {
      posts?: { items?: Array<{ slug?: string; post?: { slug: string } }> };
    };
    const slugs = JSON.stringify(found);
    expect(slugs).toContain(SLUG);
    const row = await env.DB.prepare("SELECT content FROM posts WHERE slug = ?")
      .bind(SLUG)
      .first<{ content: string }>();
    const stored = JSON.parse(row?.content ?? "[]") as Array<{ type: string }>;
    expect(stored.map((b) => b.type)).toEqual([
      "paragraph",
      "heading",
      "paragraph",
      "list",
      "quote",
      "paragraph",
      "embed",
      "image",
      "paragraph",
      "embed",
    ]);
  });
});
