import { sitemapFiles } from "@worker/feeds/sitemap";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { servedPorts } from "../served-ports";
import { createStrapiSource } from "./source";

// docs/decisions/111-cms-aggregates.md: what /genres, /artists and /sitemap.xml ask the CMS is
// the same few requests whatever the archive holds.

const CMS = "http://cms.test";
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const notFound = () =>
  json({ data: null, error: { status: 404, name: "NotFoundError", message: "Not Found" } }, 404);
const slugOf = (i: number) => `${String.fromCharCode(97 + (i % 26))}-artist-${String(i).padStart(6, "0")}`;

/**
 * A CMS holding `posts` published posts (and artists, genres, tags in proportion) that answers
 * the aggregates of cms/src/aggregates.js and REST lists with their totals; `routes: false` is a
 * cms/ from before the aggregates. Every request is recorded.
 */
function archive(posts: number, { routes = true, directory = (): Response | null => null } = {}) {
  const urls: string[] = [];
  const artists = Array.from({ length: posts / 10 }, (_, i) => slugOf(i)).sort();
  const genres = Array.from({ length: posts / 100 }, (_, i) => ({
    id: i + 1,
    name: `Genre ${i + 1}`,
    slug: `genre-${i + 1}`,
    postCount: i % 4 === 0 ? 0 : i + 1,
  }));
  const fetch = async (input: string) => {
    urls.push(decodeURIComponent(input));
    const url = new URL(input);
    const q = (k: string) => Number(url.searchParams.get(k));
    const path = url.pathname.replace(/^\/api/, "");
    if (["/genres/counts", "/blog-posts/tags", "/artists/directory"].includes(path) && !routes)
      return notFound();
    if (path === "/genres/counts")
      return json({ data: { genres, locations: genres.map((g) => ({ ...g, type: "city" })) } });
    if (path === "/blog-posts/tags")
      return json({ data: Array.from({ length: posts / 10 }, (_, i) => `tag ${(i * 7) % (posts / 10)}`) });
    if (path === "/artists/directory") {
      const failing = directory();
      if (failing) return failing;
      const size = q("pageSize");
      const start = (q("page") - 1) * size;
      const letters: Array<{ letter: string; first: number }> = [];
      artists.forEach((slug, i) => {
        if (!letters.some((l) => l.letter === slug[0])) letters.push({ letter: slug[0] as string, first: i });
      });
      return json({
        data: artists.slice(start, start + size).map((slug, i) => ({ slug, itemCount: (start + i) % 5 })),
        meta: { total: artists.length, letters },
      });
    }
    const size = q("pagination[pageSize]") || 25;
    const page = q("pagination[page]") || 1;
    const listed: Record<string, unknown[]> = {
      "/artists": artists.map((slug) => ({ slug, name: slug, kind: "person" })),
      "/genres": genres,
      "/locations": genres,
    };
    const rows = listed[path] ?? [];
    const total = listed[path]?.length ?? posts;
    return json({
      data: rows.slice((page - 1) * size, page * size),
      meta: { pagination: { page, pageSize: size, pageCount: Math.ceil(total / size), total } },
    });
  };
  return { urls, store: servedPorts(createStrapiSource(CMS, fetch)) };
}

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => errors.mockRestore());

describe("the CMS's aggregates, at any archive size", () => {
  it("reads genres and locations with their counts in one request: zeros dropped, most posts first", async () => {
    const { urls, store } = archive(1000);
    const [genres, locations] = await Promise.all([store.listGenres(), store.listLocations()]);
    expect(urls).toEqual([`${CMS}/api/genres/counts`]);
    expect(genres.map((g) => [g.slug, g.postCount])).toEqual([
      ["genre-10", 10],
      ["genre-8", 8],
      ["genre-7", 7],
      ["genre-6", 6],
      ["genre-4", 4],
      ["genre-3", 3],
      ["genre-2", 2],
    ]);
    expect(genres[0]).toEqual({ id: 10, name: "Genre 10", slug: "genre-10", postCount: 10 });
    expect(locations[0]).toEqual({ id: 10, name: "Genre 10", slug: "genre-10", type: "city", postCount: 10 });
  });

  it("reads the tags of published posts in one request, each once, alphabetically", async () => {
    const { urls, store } = archive(100);
    expect(await store.listTags()).toEqual([
      "tag 0",
      "tag 1",
      "tag 2",
      "tag 3",
      "tag 4",
      "tag 5",
      "tag 6",
      "tag 7",
      "tag 8",
      "tag 9",
    ]);
    expect(urls).toEqual([`${CMS}/api/blog-posts/tags`]);
  });

  it("reads a page of the directory in two requests: the page through REST, its counts and letters from the aggregate", async () => {
    const { urls, store } = archive(3000);
    const directory = await store.listArtists({ page: 2 });
    expect(urls).toEqual([
      `${CMS}/api/artists?fields[0]=slug&fields[1]=name&fields[2]=kind&populate[image]=true&sort=slug:asc&pagination[page]=2&pagination[pageSize]=100`,
      `${CMS}/api/artists/directory?page=2&pageSize=100`,
    ]);
    expect(directory).toMatchObject({ page: 2, pageSize: 100, total: 300, pageCount: 3 });
    expect(directory.items.slice(0, 3).map((a) => [a.slug, a.itemCount])).toEqual([
      ["i-artist-000112", 0],
      ["i-artist-000138", 1],
      ["i-artist-000164", 2],
    ]);
    // 300 artists over 26 letters (the first 14 letters 12 each, the rest 11), 100 a page.
    expect(
      directory.letters
        .slice(0, 10)
        .map((l) => `${l.letter}${l.page}`)
        .join(" "),
    ).toBe("a1 b1 c1 d1 e1 f1 g1 h1 i1 j2");
  });

  it("shows the page's artists without counts or letters when the aggregate fails, and logs it", async () => {
    const { store } = archive(3000, { directory: () => json({ error: { message: "boom" } }, 500) });
    const directory = await store.listArtists();
    expect(directory.items).toHaveLength(100);
    expect(directory.items.every((a) => a.itemCount === 0)).toBe(true);
    expect(directory.letters).toEqual([]);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("Failed to count the items of artists"));
  });

  it("asks the same requests for /genres, /artists, the tags and the sitemap index at 1,000 and 100,000 posts", async () => {
    const requests = async (posts: number) => {
      const { urls, store } = archive(posts);
      await Promise.all([store.listGenres(), store.listLocations()]);
      await store.listArtists({ page: 1 });
      await store.listTags();
      const files = await sitemapFiles(store);
      return { urls, files };
    };
    const small = await requests(1000);
    const large = await requests(100_000);
    expect(large.urls).toEqual(small.urls);
    expect(large.files).toContain("posts-10");
    expect(small.urls.length).toBeLessThanOrEqual(12);
  });
});

describe("a CMS from before the aggregates (404)", () => {
  it("counts genres, reads tags and the directory the REST way, with the same answers", async () => {
    const { urls, store } = archive(1000, { routes: false });
    const genres = await store.listGenres();
    expect(urls[0]).toBe(`${CMS}/api/genres/counts`);
    expect(urls[1]).toBe(`${CMS}/api/genres?sort=name:asc&pagination[page]=1&pagination[pageSize]=100`);
    // This stand-in's REST counts are its totals: every genre counts 1000.
    expect(genres).toHaveLength(10);
    const directory = await store.listArtists({ page: 1, pageSize: 50 });
    expect(directory.items.map((a) => a.slug)).toEqual(
      (await archive(1000).store.listArtists({ pageSize: 50 })).items.map((a) => a.slug),
    );
    expect(directory.letters[0]).toEqual({ letter: "a", page: 1 });
    expect(urls).toContain(`${CMS}/api/artists/directory?page=1&pageSize=50`);
    expect(urls.filter((u) => u.startsWith(`${CMS}/api/mixtapes?`))).toHaveLength(1);
  });
});
