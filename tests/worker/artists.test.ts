import { env } from "cloudflare:workers";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { firstTagText, htmlText, visit } from "./helpers";

// Artists as content (docs/product.md sections 2 and 3): the artist page, the A–Z directory,
// names linking to their artist everywhere, the feeds to follow an artist or a genre.
const catalogue = JSON.parse(env.TEST_CATALOGUE) as {
  artists: Array<{ id: number; slug: string; name: string; kind: string; links: Array<{ url: string }> }>;
};
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" });
const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The JSON-LD object of a page. */
function jsonLd(html: string): Record<string, unknown> {
  const match = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/);
  return JSON.parse(match?.[1] ?? "null");
}

const moller = catalogue.artists.find((a) => a.slug === "jurgen-moller");

describe("the artist page, /artists/{slug}", () => {
  it("shows the artist with their bio, home, genres, links and everything linked to them", async () => {
    const res = await visit("/artists/jurgen-moller");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(firstTagText(html, "h1")).toBe("Jürgen Møller");
    expect(html).toContain(htmlText("Jürgen Møller is a producer and DJ from Berlin"));
    expect(html).toContain('href="/blog/location/berlin"');
    expect(html).toContain('href="/blog/genre/dub-techno"');
    for (const heading of ["Latest posts", "Releases", "Mixtapes", "Upcoming events", "Past events"])
      expect(html, heading).toContain(`>${heading}</h2>`);
    // The posts linked to him, newest first, as the database has them.
    const { results: posts } = await env.DB.prepare(
      `SELECT p.slug FROM posts p JOIN post_artists x ON x.post_id = p.id JOIN artists a ON a.id = x.artist_id
       WHERE a.slug = 'jurgen-moller' AND p.pub_status = 'published' ORDER BY p.post_date DESC LIMIT 12`,
    ).all<{ slug: string }>();
    expect(posts.length).toBeGreaterThan(0);
    const shown = [...html.matchAll(/class="card__link" href="\/blog\/([a-z0-9-]+)"/g)].map((m) => m[1]);
    expect(shown).toEqual(posts.map((p) => p.slug));
    expect(html).toContain(">Play all<");
    expect(html).toContain('href="/artists/jurgen-moller/feed.xml"');
  });

  it("has a canonical URL, a share card, a feed link and JSON-LD naming a Person with sameAs links", async () => {
    const html = await (await visit("/artists/jurgen-moller")).text();
    expect(html).toContain('<link rel="canonical" href="http://localhost:8787/artists/jurgen-moller"/>');
    expect(html).toContain('<meta property="og:title" content="Jürgen Møller"/>');
    expect(html).toContain(
      '<meta property="og:image" content="http://localhost:8787/media/covers/cards/artist-jurgen-moller.jpg"/>',
    );
    expect(html).toMatch(
      /<link rel="alternate" type="application\/rss\+xml" title="Jürgen Møller on Crossfade" href="\/artists\/jurgen-moller\/feed.xml"\/>/,
    );
    const ld = jsonLd(html);
    expect(ld["@type"]).toBe("Person");
    expect(ld.name).toBe("Jürgen Møller");
    expect(ld.sameAs).toEqual(moller?.links.map((l) => l.url));
    const group = jsonLd(await (await visit("/artists/dusk-protocol")).text());
    expect(group["@type"]).toBe("MusicGroup");
  });

  it("answers a former slug with a 301 to the artist's page, and an unknown one with 404", async () => {
    await env.DB.prepare(
      "INSERT OR REPLACE INTO artist_redirects (old_slug, artist_id) VALUES ('jurgen-moeller', ?)",
    )
      .bind(moller?.id)
      .run();
    const moved = await visit("/artists/jurgen-moeller?posts=1", { redirect: "manual" });
    expect(moved.status).toBe(301);
    expect(new URL(moved.headers.get("location") ?? "", "http://localhost").pathname).toBe(
      "/artists/jurgen-moller",
    );
    const feed = await visit("/artists/jurgen-moeller/feed.xml", { redirect: "manual" });
    expect(feed.status).toBe(301);
    expect(feed.headers.get("location")).toBe("/artists/jurgen-moller/feed.xml");
    expect((await visit("/artists/nobody-by-that-name")).status).toBe(404);
    expect((await visit("/artists/nobody-by-that-name/feed.xml")).status).toBe(404);
  });

  it("pages a long list on its own parameter", async () => {
    // Give an artist more than a page of posts (12).
    const { results } = await env.DB.prepare(
      "SELECT id FROM posts WHERE pub_status = 'published' ORDER BY post_date DESC LIMIT 14",
    ).all<{ id: number }>();
    const artist = catalogue.artists.find((a) => a.slug === "basalt");
    for (const { id } of results)
      await env.DB.prepare("INSERT OR IGNORE INTO post_artists (post_id, artist_id) VALUES (?, ?)")
        .bind(id, artist?.id)
        .run();
    const first = await (await visit("/artists/basalt")).text();
    expect(first).toContain('href="/artists/basalt?posts=2#posts-heading"');
    const cards = (html: string) =>
      [...html.matchAll(/class="card__link" href="\/blog\/([a-z0-9-]+)"/g)].length;
    expect(cards(first)).toBe(12);
    const second = await (await visit("/artists/basalt?posts=2")).text();
    expect(cards(second)).toBe(2);
  });
});

describe("the directory, /artists", () => {
  it("lists every artist A–Z under letter headings, with counts and letter navigation", async () => {
    const res = await visit("/artists");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(firstTagText(html, "h1")).toBe("Artists");
    const names = [...html.matchAll(/class="directory__name">([^<]+)</g)].map((m) => m[1]);
    expect(names).toEqual(
      [...catalogue.artists].sort((a, b) => a.slug.localeCompare(b.slug)).map((a) => htmlText(a.name)),
    );
    expect(html).toContain('<a href="#letter-J" class="letters__link">J</a>');
    expect(html).toContain('<h2 id="letter-J" class="letter-group__letter">J</h2>');
    expect(html).toMatch(
      /Jürgen Møller<\/span><span class="directory__count">\d+<!-- --> <!-- -->items<\/span>/,
    );
  });

  it("is in the sitemap with every artist's page", async () => {
    const index = await (await visit("/sitemap.xml")).text();
    expect(index).toContain("/sitemaps/artists-1.xml");
    const child = await (await visit("/sitemaps/artists-1.xml")).text();
    for (const a of catalogue.artists)
      expect(child).toContain(`<loc>http://localhost:8787/artists/${a.slug}</loc>`);
    const pages = await (await visit("/sitemaps/pages-1.xml")).text();
    expect(pages).toContain("<loc>http://localhost:8787/artists</loc>");
  });
});

describe("names link to their artist", () => {
  it("on a release, its track rows, a mixtape's tracklist, an event's lineup and a post", async () => {
    const release = await (await visit("/releases/bjorn-astrom-faded-harbour")).text();
    expect(release).toContain('<a class="artist-link" href="/artists/bjorn-astrom"');
    const mix = await (await visit("/mixtapes/crossfade-mix-001-tape-hiss-society")).text();
    expect(mix).toContain('href="/artists/tape-hiss-society"');
    expect(mix).toContain('href="/artists/moritz-kuhn"');
    const event = await (
      await visit("/events/crossfade-london-sodium-lights-b2b-kwame-asante-brown-2026")
    ).text();
    expect(event).toMatch(
      /<li><a class="artist-link" href="\/artists\/sodium-lights"[^>]*>Sodium Lights<\/a><\/li>/,
    );
    expect(event).toMatch(/href="\/artists\/kwame-asante-brown"/);
    const post = await (await visit("/blog/bjorn-astrom-on-building-a-studio-out-of-a-fishing-hut")).text();
    expect(post).toContain('href="/artists/bjorn-astrom"');
  });
});

describe("feeds to follow", () => {
  it("/artists/{slug}/feed.xml is RSS 2.0 with full text and audio enclosures", async () => {
    const res = await visit("/artists/bjorn-astrom/feed.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/rss\+xml/);
    const { rss } = xml.parse(await res.text());
    expect(rss["@version"]).toBe("2.0");
    expect(rss["@xmlns:content"]).toBe("http://purl.org/rss/1.0/modules/content/");
    expect(rss.channel.title).toBe("Björn Åström on Crossfade");
    const items = asList(rss.channel.item) as Array<Record<string, unknown>>;
    expect(items.length).toBeGreaterThan(2);
    const dates = items.map((i) => Date.parse(String(i.pubDate)));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    for (const item of items) expect(String(item["content:encoded"])).toMatch(/^<p>/);
    const release = items.find((i) => String(i.link).endsWith("/releases/bjorn-astrom-faded-harbour"));
    const enclosure = release?.enclosure as Record<string, string> | undefined;
    expect(enclosure?.["@type"]).toBe("audio/mpeg");
    expect(Number(enclosure?.["@length"])).toBeGreaterThan(0);
  });

  it("/blog/genre/{slug}/feed.xml carries the genre's posts in full, and the genre page links to it", async () => {
    const res = await visit("/blog/genre/techno/feed.xml");
    expect(res.status).toBe(200);
    const { rss } = xml.parse(await res.text());
    expect(rss.channel.title).toBe("Techno on Crossfade");
    const items = asList(rss.channel.item) as Array<Record<string, unknown>>;
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(asList(item.category)).toContain("Techno");
    const page = await (await visit("/blog/genre/techno")).text();
    expect(page).toContain('rel="alternate" type="application/rss+xml"');
    expect(page).toContain('href="/blog/genre/techno/feed.xml"');
    expect((await visit("/blog/genre/no-such-genre/feed.xml")).status).toBe(404);
  });

  it("links a genre or place to its posts only where there are some: every link it draws answers", async () => {
    // Greywater: London, which has posts, and Italo Disco, which no post has yet.
    const html = await (await visit("/artists/greywater")).text();
    expect(html).toContain('href="/blog/location/london"');
    expect((await visit("/blog/location/london")).status).toBe(200);
    expect(html).toMatch(/<span class="badge">Italo Disco<\/span>/);
    expect(html).not.toContain('href="/blog/genre/italo-disco"');
    expect((await visit("/blog/genre/italo-disco")).status).toBe(404);
  });
});
