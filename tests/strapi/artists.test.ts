import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cmsApi, eventually, h1Of, laneEnv, workerUrl } from "./lane";

// Artists in the CMS mode (docs/decisions/085-artists-in-the-cms.md): the Worker's production
// build in front of the lane's Strapi renders the same artist pages, directory, feed, links and
// search results as the embedded store, from the demo catalogue the bootstrap seeded.

const WEBHOOK_WAIT_MS = 15_000;

const page = async (path: string, init: RequestInit = {}) =>
  fetch(`${workerUrl()}${path}`, { signal: AbortSignal.timeout(15_000), ...init });

interface CmsArtist {
  documentId: string;
  slug: string;
}
let moller: CmsArtist;

beforeAll(async () => {
  const res = await fetch(
    `${laneEnv("CMS_URL")}/api/artists?filters[slug][$eq]=jurgen-moller&fields[0]=slug`,
  );
  moller = ((await res.json()) as { data: CmsArtist[] }).data[0] as CmsArtist;
  expect(moller?.slug).toBe("jurgen-moller");
});

afterAll(async () => {
  // The catalogue has no former slugs: leave it as the other suites expect it.
  if (moller)
    await cmsApi(`/artists/${moller.documentId}`, {
      method: "PUT",
      body: JSON.stringify({ data: { former_slugs: [] } }),
    });
});

describe("artists through the Worker, from Strapi", () => {
  it("renders the artist's page with the bio, home, genres, what links to them and the feed", async () => {
    const res = await page("/artists/jurgen-moller");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(h1Of(html)).toBe("Jürgen Møller");
    expect(html).toContain("is a producer and DJ from Berlin");
    expect(html).toContain('href="/blog/location/berlin"');
    expect(html).toContain('href="/blog/genre/dub-techno"');
    expect(html).toContain('href="/blog/premiere-jurgen-moller-kaltfront"');
    expect(html).toContain(">Latest posts</h2>");
    expect(html).toContain('href="/artists/jurgen-moller/feed.xml"');
    // The portrait is the CMS's upload.
    expect(html).toMatch(/<meta property="og:image" content="http[^"]+artist_jurgen_moller[^"]*\.svg"/);

    const feed = await page("/artists/jurgen-moller/feed.xml");
    expect(feed.status).toBe(200);
    const xml = await feed.text();
    expect(xml).toContain("<title>Jürgen Møller on Crossfade</title>");
    expect(xml).toContain("/blog/premiere-jurgen-moller-kaltfront</link>");
  });

  it("lists every artist A–Z in the directory, with counts", async () => {
    const html = await (await page("/artists")).text();
    expect(h1Of(html)).toBe("Artists");
    expect(html).toMatch(
      /Jürgen Møller<\/span><span class="directory__count">[1-9]\d*<!-- --> <!-- -->items?<\/span>/,
    );
    expect([...html.matchAll(/class="directory__name"/g)].length).toBe(59);
  });

  it("links names to artists on a release's track rows, a tracklist and a lineup", async () => {
    const release = await (await page("/releases/velvet-static-lunar-ritual")).text();
    expect(release).toContain('href="/artists/velvet-static"');
    expect(release).toContain('href="/artists/anouk-vermeer"');
    const mix = await (await page("/mixtapes/crossfade-mix-001-tape-hiss-society")).text();
    expect(mix).toContain('href="/artists/moritz-kuhn"');
    const event = await (
      await page("/events/crossfade-london-sodium-lights-b2b-kwame-asante-brown-2026")
    ).text();
    expect(event).toMatch(
      /<li><a class="artist-link" href="\/artists\/sodium-lights"[^>]*>Sodium Lights<\/a><\/li>/,
    );
  });

  it("finds an artist by the name spelt without its special letters", async () => {
    const res = await page("/api/search?q=moller&type=artists");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { artists: Array<{ slug: string; name: string }> };
    expect(body.artists.map((a) => a.slug)).toEqual(["jurgen-moller"]);
  });

  it("answers a former slug set in Strapi with a 301 to the artist's page and feed", async () => {
    const put = await cmsApi(`/artists/${moller.documentId}`, {
      method: "PUT",
      body: JSON.stringify({ data: { former_slugs: [{ slug: "jurgen-moeller" }] } }),
    });
    expect(put.status).toBe(200);
    const moved = await eventually(
      async () => {
        const res = await page("/artists/jurgen-moeller", { redirect: "manual" });
        return res.status === 301 ? res : undefined;
      },
      WEBHOOK_WAIT_MS,
      "a 301 from the former slug",
    );
    expect(new URL(moved.headers.get("location") ?? "", workerUrl()).pathname).toBe("/artists/jurgen-moller");
    const feed = await page("/artists/jurgen-moeller/feed.xml", { redirect: "manual" });
    expect(feed.status).toBe(301);
    expect(feed.headers.get("location")).toBe("/artists/jurgen-moller/feed.xml");
    expect((await page("/artists/nobody-by-that-name")).status).toBe(404);
  });
});
