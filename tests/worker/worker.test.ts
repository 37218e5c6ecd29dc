import { env } from "cloudflare:workers";
import { type Document, inlineText } from "@core/content/document";
import { describe, expect, it } from "vitest";
import { firstTagText, htmlText, metaContent, visit } from "./helpers";

describe("the Worker", () => {
  it("answers /api/health with its status, sources and version", async () => {
    const res = await visit("/api/health");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    const body = await res.json<{ status: string; version: string; sources: Record<string, string> }>();
    expect(body).toMatchObject({ status: "ok", sources: { content: "d1", search: "d1-fts5" } });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("answers unknown /api paths with a JSON 404", async () => {
    const res = await visit("/api/nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Not found" });
  });

  it("serves any unknown page path as the not-found page with HTTP 404", async () => {
    const res = await visit("/this/does/not/exist");
    expect(res.status).toBe(404);
    expect(firstTagText(await res.text(), "h1")).toBe("Page not found");
  });

  it.each(["/%09/%09", "/%0A", "/blog/%09", "/a%7Fb/c"])(
    "serves a path with a control character (%s) as the not-found page, never a 500",
    async (path) => {
      const res = await visit(path);
      expect(res.status).toBe(404);
      expect(firstTagText(await res.text(), "h1")).toBe("Page not found");
    },
  );

  it("answers HEAD requests for pages without a body", async () => {
    const res = await visit("/blog", { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
  });
});

describe("the header's navigation", () => {
  it("marks the current page in both menus, as React Router's NavLink did, whatever the path's case", async () => {
    const html = await (await visit("/blog")).text();
    const current = '<a aria-current="page" class="active" href="/blog" data-discover="true">Blog</a>';
    expect(html.split(current)).toHaveLength(3); // the main and the mobile menu
    expect(html).toContain('<a class="" href="/about" data-discover="true">About</a>');
    expect(html).toContain(
      '<a class="site-header__logo" aria-label="Crossfade home" href="/" data-discover="true">',
    );
    expect(html).not.toContain('aria-current="page" class="active" href="/about"');

    const upper = await (await visit("/BLOG")).text();
    expect(upper.split(current)).toHaveLength(3);

    const post = await (await visit("/about")).text();
    expect(post).toContain(
      '<a aria-current="page" class="active" href="/about" data-discover="true">About</a>',
    );
    expect(post).toContain('<a class="" href="/blog" data-discover="true">Blog</a>');
  });
});

describe("/blog from D1", () => {
  it("lists the 15 newest published posts with pagination links that work without JS", async () => {
    const { results } = await env.DB.prepare(
      `SELECT title FROM (
         SELECT title, post_date AS d FROM posts WHERE pub_status = 'published'
         UNION ALL SELECT title, published_date AS d FROM aggregated_posts WHERE pub_status = 'published')
       ORDER BY d DESC LIMIT 16`,
    ).all<{ title: string }>();
    const html = await (await visit("/blog")).text();
    const titles = [...html.matchAll(/class="card__link"[^>]*>([^<]+)</g)].map((m) => m[1]);
    expect(titles).toEqual(results.slice(0, 15).map((r) => htmlText(r.title)));
    expect(html).toContain('href="/blog?page=2"');

    const page2 = await (await visit("/blog?page=2")).text();
    expect(page2).toContain(htmlText(results[15]?.title ?? "missing"));
    expect(firstTagText(page2, "title")).toBe("Blog (page 2) · Crossfade");
  });

  it("answers a page past the end with 404", async () => {
    expect((await visit("/blog?page=999")).status).toBe(404);
  });

  it("never shows draft posts, in the list or by slug", async () => {
    const draft = await env.DB.prepare("SELECT slug, title FROM posts WHERE pub_status = 'draft'").first<{
      slug: string;
      title: string;
    }>();
    expect(draft).not.toBeNull();
    expect((await visit(`/blog/${draft?.slug}`)).status).toBe(404);
  });
});

describe("/blog/{slug}", () => {
  it("renders the post on the server with paragraphs, long US date and share tags", async () => {
    const row = await env.DB.prepare(
      `SELECT slug, title, excerpt, content, post_date,
         (audio_file IS NOT NULL OR primary_audio_url IS NOT NULL) AS playable FROM posts
       WHERE pub_status = 'published' AND artist_name IS NOT NULL AND cover_image IS NOT NULL LIMIT 1`,
    ).first<{
      slug: string;
      title: string;
      excerpt: string;
      content: string;
      post_date: string;
      playable: number;
    }>();
    if (!row) throw new Error("catalogue has no complete post");
    const res = await visit(`/blog/${row.slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const paragraphs = (JSON.parse(row.content) as Document).flatMap((b) =>
      b.type === "paragraph" && b.children.every((c) => c.type === "text") ? [inlineText(b.children)] : [],
    );
    expect(paragraphs.length).toBeGreaterThan(0);
    for (const p of paragraphs)
      expect(html).toContain(
        `<p>${p.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;")}</p>`,
      );
    const date = new Date(row.post_date);
    const long = date.toLocaleDateString("en-US", {
      year: "numeric",
      month: "long",
      day: "numeric",
      timeZone: "UTC",
    });
    expect(html).toContain(long);
    expect(metaContent(html, "og:type")).toBe("article");
    expect(metaContent(html, "og:url")).toBe(`http://localhost:8787/blog/${row.slug}`);
    // Its share card: the photo's (the newest post has one) or its SVG art's, a JPEG either way.
    expect(metaContent(html, "og:image")).toMatch(
      /^http:\/\/localhost:8787\/media\/(covers\/cards\/.+|img\/[0-9a-f]{24}\/card)\.jpg$/,
    );
    // A post with a track shares as a Twitter player card (docs/decisions/031).
    expect(metaContent(html, "twitter:card")).toBe(row.playable ? "player" : "summary_large_image");
    expect(metaContent(html, "description")).toBeTruthy();
    expect(html).toContain(`<link rel="canonical" href="http://localhost:8787/blog/${row.slug}"/>`);
  });

  it("shows 'Unknown Artist' and the placeholder cover when the post has neither", async () => {
    const noArtist = await env.DB.prepare(
      "SELECT slug FROM posts WHERE pub_status = 'published' AND artist_name IS NULL LIMIT 1",
    ).first<{ slug: string }>();
    const noCover = await env.DB.prepare(
      "SELECT slug FROM posts WHERE pub_status = 'published' AND cover_image IS NULL LIMIT 1",
    ).first<{ slug: string }>();
    expect(await (await visit(`/blog/${noArtist?.slug}`)).text()).toContain(
      '<p class="post__artist">Unknown Artist</p>',
    );
    expect(await (await visit(`/blog/${noCover?.slug}`)).text()).toContain(
      'src="/media/covers/placeholder.svg"',
    );
  });

  it("answers an unknown slug with the not-found page and 404", async () => {
    const res = await visit("/blog/there-is-no-such-post");
    expect(res.status).toBe(404);
    expect(firstTagText(await res.text(), "h1")).toBe("Page not found");
  });
});
