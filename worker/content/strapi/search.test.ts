import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createStrapiSearch } from "./search";

const CMS = "http://cms.test";
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const list = (data: unknown[]) => ({
  data,
  meta: { pagination: { page: 1, pageSize: 100, pageCount: 1, total: data.length } },
});
const taxon = (slug: string, name: string) => ({ id: 1, documentId: slug, slug, name });
const post = (n: number, genres: string[], featured = false) => ({
  id: n,
  documentId: `d${n}`,
  slug: `p-${n}`,
  title: `Björk live ${n}`,
  artist_name: "Björk",
  excerpt: "Live in Reykjavík",
  postDate: `2026-01-${String(20 - n).padStart(2, "0")}T00:00:00.000Z`,
  genres: genres.map((g) => taxon(g, g.toUpperCase())),
  locations: [taxon("reykjavik", "Reykjavík")],
  is_featured: featured,
});

function recorder(handler: (url: URL) => Response) {
  const urls: string[] = [];
  const fetch = async (input: string) => {
    urls.push(decodeURIComponent(input));
    return handler(new URL(input));
  };
  return { urls, fetch };
}

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => errors.mockRestore());

describe("Strapi search (the $containsi fallback)", () => {
  it("searches posts with the CMS filters and answers hits, highlights and facets", async () => {
    const r = recorder(() =>
      json(list([post(1, ["techno"], true), post(2, ["techno", "ambient"]), post(3, ["ambient"])])),
    );
    const result = await createStrapiSearch(CMS, r.fetch).searchPosts({
      query: "bjork",
      genres: ["techno", "ambient"],
      isFeatured: false,
      page: 2,
      pageSize: 2,
    });
    expect(r.urls).toEqual([
      `${CMS}/api/blog-posts?populate[genres]=true&populate[locations]=true&populate[coverImage]=true&populate[audio_file]=true&populate[tags]=true&populate[artists][fields][0]=slug&populate[artists][fields][1]=name&populate[former_slugs]=true` +
        "&filters[$or][0][title][$containsi]=bjork&filters[$or][1][artist_name][$containsi]=bjork&filters[$or][2][excerpt][$containsi]=bjork" +
        "&filters[genres][slug][$in][0]=techno&filters[genres][slug][$in][1]=ambient&filters[is_featured][$eq]=false" +
        "&pagination[page]=1&pagination[pageSize]=100&sort=postDate:desc",
    ]);
    expect(result).toMatchObject({ page: 2, pageSize: 2, total: 3, pageCount: 2 });
    expect(result.items.map((h) => h.post.slug)).toEqual(["p-3"]);
    expect(result.items[0]?.highlights).toEqual({
      title: "<mark>Björk</mark> live 3",
      artist: "<mark>Björk</mark>",
      excerpt: "Live in Reykjavík",
    });
    expect(result.facets).toEqual({
      genres: [
        { slug: "ambient", name: "AMBIENT", count: 2 },
        { slug: "techno", name: "TECHNO", count: 2 },
      ],
      locations: [{ slug: "reykjavik", name: "Reykjavík", count: 3 }],
      featured: { yes: 1, no: 2 },
    });
  });

  it("rethrows blog search failures so the caller can fall back", async () => {
    const r = recorder(() => json({ error: { message: "down" } }, 500));
    await expect(createStrapiSearch(CMS, r.fetch).searchPosts({ query: "x" })).rejects.toThrow();
  });

  it("answers a failed mixtape search with an empty page 1", async () => {
    const r = recorder(() => json({ error: { message: "down" } }, 500));
    const result = await createStrapiSearch(CMS, r.fetch).searchMixtapes({ query: "mix", page: 3 });
    expect(result).toMatchObject({ items: [], page: 1, pageCount: 1, total: 0 });
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("Failed to search mixtapes"));
  });

  it("suggests half posts, half mixtapes, and nothing under 2 characters", async () => {
    const r = recorder((url) =>
      json(
        list(
          url.pathname.endsWith("/mixtapes")
            ? [{ id: 1, documentId: "m", slug: "mix-1", title: "Mix 1", artist_name: "DJ" }]
            : [
                { id: 1, documentId: "a", slug: "a", title: "A", artist_name: "" },
                { id: 2, documentId: "b", slug: "b", title: "B", artist_name: "Bee" },
              ],
        ),
      ),
    );
    const search = createStrapiSearch(CMS, r.fetch);
    expect(await search.suggest(" a ", 4)).toEqual([]);
    expect(r.urls).toEqual([]);
    expect(await search.suggest("mix", 4)).toEqual([
      { kind: "post", title: "A", artist: null, href: "/blog/a" },
      { kind: "post", title: "B", artist: "Bee", href: "/blog/b" },
      { kind: "mixtape", title: "Mix 1", artist: "DJ", href: "/mixtapes/mix-1" },
    ]);
    expect(r.urls).toEqual([
      `${CMS}/api/blog-posts?fields[0]=title&fields[1]=artist_name&fields[2]=slug&filters[$or][0][title][$containsi]=mix&filters[$or][1][artist_name][$containsi]=mix&pagination[page]=1&pagination[pageSize]=2&sort=postDate:desc`,
      `${CMS}/api/mixtapes?fields[0]=title&fields[1]=artist_name&fields[2]=slug&filters[title][$containsi]=mix&pagination[page]=1&pagination[pageSize]=2&sort=release_date:desc`,
    ]);
  });

  it("is healthy when the CMS answers with posts", async () => {
    expect(await createStrapiSearch(CMS, recorder(() => json(list([post(1, [])]))).fetch).health()).toBe(
      true,
    );
    expect(await createStrapiSearch(CMS, recorder(() => json(list([]))).fetch).health()).toBe(false);
    expect(await createStrapiSearch(CMS, recorder(() => json({}, 503)).fetch).health()).toBe(false);
  });
});
