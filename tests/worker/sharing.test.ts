import { env } from "cloudflare:workers";
import catalogue from "virtual:demo-catalogue";
import { PAGE_CACHE_STATUS_HEADER } from "@worker/cache/page-cache";
import { describe, expect, it } from "vitest";
import { callApp, metaContent } from "./helpers";

const published = <T extends { pub_status: string }>(items: T[]) =>
  items.filter((i) => i.pub_status === "published");
const post = published(catalogue.posts).find((p) => p.audio_file || p.primary_audio_url);
const silentPost = published(catalogue.posts).find((p) => !p.audio_file && !p.primary_audio_url);
const mixtape = published(catalogue.mixtapes)[0];
const release = published(catalogue.releases)[0];
if (!post || !silentPost || !mixtape || !release)
  throw new Error("the demo catalogue has no published items");
const site = env.SITE_URL.replace(/\/$/, "");

const ITEMS = [
  {
    kind: "blog",
    slug: post.slug,
    title: post.title,
    author: post.artist_name ?? "Unknown Artist",
    height: 200,
  },
  {
    kind: "mixtapes",
    slug: mixtape.slug,
    title: mixtape.title,
    author: mixtape.artist_name ?? "Crossfade",
    height: 400,
  },
  { kind: "releases", slug: release.slug, title: release.title, author: release.artist_name, height: 400 },
] as const;

const oembed = (query: string) => callApp(`/oembed?${query}`);

describe("oEmbed", () => {
  it.each(ITEMS)("answers the rich type for a $kind page", async (item) => {
    const page = `${site}/${item.kind}/${item.slug}`;
    const res = await oembed(`url=${encodeURIComponent(page)}&format=json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      version: "1.0",
      type: "rich",
      title: item.title,
      author_name: item.author,
      provider_name: env.SITE_NAME || "Crossfade",
      provider_url: `${site}/`,
      width: 480,
      height: item.height,
      thumbnail_width: 600,
      thumbnail_height: 600,
    });
    expect(body.thumbnail_url).toMatch(new RegExp(`^${site}/media/`));
    expect(body.html).toContain(`<iframe src="${site}/embed/${item.kind}/${item.slug}"`);
    expect(body.html).toContain('width="480"');
  });

  it("respects maxwidth and maxheight, and accepts the embed URL itself and this host", async () => {
    const page = `http://localhost/embed/releases/${release.slug}`;
    const res = await oembed(`url=${encodeURIComponent(page)}&maxwidth=320&maxheight=150`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      width: number;
      height: number;
      html: string;
      thumbnail_width: number;
    };
    // Less room than the full card (400 px): the compact one-row player, 120 px high.
    expect([body.width, body.height, body.thumbnail_width]).toEqual([320, 120, 150]);
    expect(body.html).toContain(`src="${site}/embed/releases/${release.slug}?size=compact"`);
    expect(body.html).toContain('width="320" height="120"');
  });

  it("keeps the full card when it fits maxheight, and below the compact row's height clips the full one", async () => {
    const page = encodeURIComponent(`${site}/releases/${release.slug}`);
    const roomy = (await (await oembed(`url=${page}&maxheight=600`)).json()) as {
      height: number;
      html: string;
    };
    expect(roomy.height).toBe(400);
    expect(roomy.html).toContain(`src="${site}/embed/releases/${release.slug}"`);
    const tiny = (await (await oembed(`url=${page}&maxheight=90`)).json()) as {
      height: number;
      html: string;
    };
    expect(tiny.height).toBe(90);
    expect(tiny.html).not.toContain("size=compact");
  });

  it.each([
    ["no url", 400, "format=json"],
    ["a relative url", 400, "url=/blog/x"],
    ["a javascript: url", 400, "url=javascript:alert(1)"],
    ["a bad maxwidth", 400, `url=${encodeURIComponent(`${site}/blog/${post.slug}`)}&maxwidth=-3`],
    ["the xml format", 501, `url=${encodeURIComponent(`${site}/blog/${post.slug}`)}&format=xml`],
    ["another site's post", 404, `url=${encodeURIComponent(`https://elsewhere.example/blog/${post.slug}`)}`],
    ["an event page", 404, `url=${encodeURIComponent(`${site}/events/x`)}`],
    ["a listing", 404, `url=${encodeURIComponent(`${site}/blog`)}`],
    ["a missing post", 404, `url=${encodeURIComponent(`${site}/blog/no-such-post`)}`],
  ])("answers %s with %i and a message", async (_name, status, query) => {
    const res = await oembed(query);
    expect(res.status).toBe(status);
    expect(((await res.json()) as { error: string }).error).toMatch(/\w/);
  });
});

describe("sharing tags and framing", () => {
  it.each(ITEMS)("a $kind page carries oEmbed discovery and a Twitter player card", async (item) => {
    const html = await (await callApp(`/${item.kind}/${item.slug}?t=1m30s&track=2`)).text();
    const page = `${site}/${item.kind}/${item.slug}`;
    const discovery = `${site}/oembed?url=${encodeURIComponent(page)}&amp;format=json`;
    expect(html).toMatch(/<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/);
    expect(html).toContain(`href="${discovery}"`);
    expect(metaContent(html, "twitter:card")).toBe("player");
    expect(metaContent(html, "twitter:player")).toBe(`${site}/embed/${item.kind}/${item.slug}`);
    expect(metaContent(html, "twitter:player:width")).toBe("480");
    expect(metaContent(html, "twitter:player:height")).toBe(String(item.height));
    // The canonical URL carries no moment.
    expect(html).toContain(`<link rel="canonical" href="${page}"/>`);
  });

  it.each(ITEMS)(
    "/embed/$kind/… renders the card without the site chrome and may be framed",
    async (item) => {
      const res = await callApp(`/embed/${item.kind}/${item.slug}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('class="layout-embed"');
      expect(html).not.toContain("site-header");
      expect(html).toContain(`href="/${item.kind}/${item.slug}"`);
      expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors *");
      expect(res.headers.get("X-Frame-Options")).toBeNull();
    },
  );

  it("/embed/…?size=compact is the one-row player without the tracklist, ?theme=light the light card", async () => {
    const full = await (await callApp(`/embed/releases/${release.slug}`)).text();
    expect(full).toContain("embed--full embed--dark");
    expect(full).toContain('class="embed__list"');
    const res = await callApp(`/embed/releases/${release.slug}?size=compact&theme=light`);
    expect(res.status).toBe(200);
    const compact = await res.text();
    expect(compact).toContain("embed--compact embed--light");
    expect(compact).not.toContain('class="embed__list"');
    expect(compact).toMatch(new RegExp(`<h1 class="embed__title"><a href="/releases/${release.slug}"`));
  });

  it("an embed draws its first track's waveform through its progress bar when the file is the site's", async () => {
    const local = catalogue.posts.find(
      (p) =>
        p.pub_status === "published" &&
        p.audio_platform === "local" &&
        p.audio_file?.startsWith("/media/audio/"),
    );
    if (!local?.audio_file) throw new Error("the demo catalogue has no post with a local MP3");
    const html = await (await callApp(`/embed/blog/${local.slug}`)).text();
    expect(html).toContain("embed--wave");
    expect(html).toContain(`--wave:url(&quot;${local.audio_file.replace(/\.mp3$/, ".waveform.svg")}&quot;)`);
  });

  it.each([
    ["size=huge", "size must be one of: full, compact"],
    ["theme=neon", "theme must be one of: dark, light"],
    ["size=compact&size=full", "size must be given once"],
  ])(
    "/embed/…?%s answers 400 with a card, framed, that says which option and what it takes",
    async (query, message) => {
      const res = await callApp(`/embed/releases/${release.slug}?${query}`);
      expect(res.status).toBe(400);
      const html = await res.text();
      const title = "This player&#x27;s embed code has a mistake";
      expect(html).toContain(`<h1 class="embed__title embed__title--wraps">${title}</h1>`);
      expect(html).toContain(`In its address, ${message}.`);
      expect(html).toContain(`<title>${title} · Crossfade</title>`);
      expect(html).not.toMatch(/Not found|Something went wrong|Refresh Page|site-header/);
      // The site that pasted the code shows the message in its frame (docs/decisions/122).
      expect(directivesOf(res).get("frame-ancestors")).toBe("*");
      expect(res.headers.get("X-Frame-Options")).toBeNull();
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      // Its one link is the item's page, in a new top-level window.
      const anchors = [...html.matchAll(/<a\b[^>]*>/g)].map((m) => m[0]);
      expect(anchors).toHaveLength(1);
      expect(anchors[0]).toContain(`href="/releases/${release.slug}"`);
      expect(anchors[0]).toMatch(/ target="_blank"/);
    },
  );

  it("a post without a track keeps the large-image card, and still announces its oEmbed", async () => {
    const html = await (await callApp(`/blog/${silentPost.slug}`)).text();
    expect(metaContent(html, "twitter:card")).toBe("summary_large_image");
    expect(metaContent(html, "twitter:player")).toBeUndefined();
    expect(html).toContain('type="application/json+oembed"');
  });

  it("an embed's t is part of its page (where Play starts), so each moment has its own cached copy", async () => {
    const bindings = { SITE_NAME: "Crossfade embed cache" };
    const init = { headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36" } };
    const status = async (path: string) =>
      (await callApp(path, init, bindings)).headers.get(PAGE_CACHE_STATUS_HEADER);
    const embed = `/embed/mixtapes/${mixtape.slug}`;
    expect(await status(embed)).toBe("miss");
    expect(await status(embed)).toBe("hit");
    expect(await status(`${embed}?t=30`)).toBe("miss");
    expect(await status(`${embed}?t=30`)).toBe("hit");
    expect(await status(`${embed}?t=45`)).toBe("miss");
    // One copy per moment, however the link writes it; a t that names no moment is the embed itself.
    expect(await status(`${embed}?t=0:30`)).toBe("hit");
    expect(await status(`${embed}?t=zz999`)).toBe("hit");
    expect(await status(`${embed}?t=zz1000`)).toBe("hit");
    expect(await status(`${embed}?t=999999`)).toBe("hit");
    // The compact and light cards are pages of their own.
    expect(await status(`${embed}?size=compact`)).toBe("miss");
    expect(await status(`${embed}?size=compact`)).toBe("hit");
    expect(await status(`${embed}?size=compact&theme=light`)).toBe("miss");
  });

  it("a link to a moment is served from the page cache of its page", async () => {
    const bindings = { SITE_NAME: "Crossfade sharing cache" };
    const init = { headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36" } };
    const status = async (path: string) =>
      (await callApp(path, init, bindings)).headers.get(PAGE_CACHE_STATUS_HEADER);
    expect(await status(`/releases/${release.slug}`)).toBe("miss");
    expect(await status(`/releases/${release.slug}?t=90`)).toBe("hit");
    expect(await status(`/releases/${release.slug}?track=2&t=1:30`)).toBe("hit");
  });

  it.each([
    "/embed/anything",
    "/embed/",
    "/embed/blog",
    `/embed/blog/${post.slug}/more`,
    `/embed/about/${post.slug}`,
    "/embed/blog/no-such-post",
  ])("%s is not a framed embed: refuses framing as every other page", async (path) => {
    const res = await callApp(path);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(directivesOf(res).get("frame-ancestors")).toBe("'none'");
    expect(res.headers.get("X-Frame-Options")).toBe("DENY");
  });

  it("a framed embed links out of the frame only: every link opens a new top-level window", async () => {
    for (const path of [`/embed/blog/${post.slug}`, `/embed/releases/${release.slug}?size=compact`]) {
      const res = await callApp(path);
      expect(directivesOf(res).get("frame-ancestors")).toBe("*");
      const anchors = [...(await res.text()).matchAll(/<a\b[^>]*>/g)].map((m) => m[0]);
      expect(anchors.length).toBeGreaterThan(0);
      for (const anchor of anchors) expect(anchor).toMatch(/ target="(_blank|_top)"/);
    }
  });

  it("a missing item's embed is a 404 and other pages still refuse framing", async () => {
    expect((await callApp("/embed/blog/no-such-post")).status).toBe(404);
    for (const path of ["/", `/blog/${post.slug}`, "/embeddings", "/about"]) {
      const res = await callApp(path);
      expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
      expect(res.headers.get("X-Frame-Options")).toBe("DENY");
    }
  });
});

/** A response's CSP directives, each name with its value as written. */
function directivesOf(res: Response): Map<string, string> {
  const csp = res.headers.get("Content-Security-Policy") ?? "";
  return new Map(
    csp.split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values.join(" ")] as [string, string];
    }),
  );
}
