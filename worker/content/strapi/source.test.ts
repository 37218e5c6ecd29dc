import type { SubmissionInput } from "@core/content/submission";
import { TEXTS } from "@core/texts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { servedPorts } from "../served-ports";
import { createStrapiSource } from "./source";

/** The Strapi source as the content service serves it: through the one failure path. */
const createStrapiStore = (...args: Parameters<typeof createStrapiSource>) =>
  servedPorts(createStrapiSource(...args));

interface Recorded {
  method: string;
  url: string;
  headers: Headers;
  body: BodyInit | null | undefined;
  signal: AbortSignal | null | undefined;
}

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/** A fetch that records every request and answers from `handler`. */
function recorder(handler: Handler) {
  const calls: Recorded[] = [];
  const fetch = async (input: string, init: RequestInit = {}) => {
    calls.push({
      method: init.method ?? "GET",
      url: input,
      headers: new Headers(init.headers),
      body: init.body,
      signal: init.signal,
    });
    return handler(new URL(input), init);
  };
  return { calls, fetch, urls: () => calls.map((c) => decodeURIComponent(c.url)) };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const list = (data: unknown[], total = data.length, page = 1, pageSize = 25) => ({
  data,
  meta: { pagination: { page, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)), total } },
});

const strapiPost = (n: number, extra: Record<string, unknown> = {}) => ({
  id: n,
  documentId: `doc${n}`,
  title: `Post ${n}`,
  slug: `post-${n}`,
  artist_name: "Björk",
  excerpt: "An excerpt",
  content: [
    {
      type: "paragraph",
      children: [
        { type: "text", text: "Hello " },
        { type: "text", text: "world" },
      ],
    },
  ],
  postDate: `2026-01-${String(28 - n).padStart(2, "0")}T10:00:00.000Z`,
  category: "news",
  tags: [{ name: "vinyl" }],
  genres: [{ id: 1, documentId: "g1", name: "Techno", slug: "techno" }],
  locations: [],
  coverImage: { url: "/uploads/cover.svg" },
  is_featured: false,
  audio_platform: "local",
  primary_audio_url: null,
  audio_file: { url: "/uploads/clip.mp3" },
  track_title: "Clip",
  ...extra,
});

const CMS = "http://cms.test";
let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => errors.mockRestore());

describe("Strapi store: the calls of docs/product.md section 7", () => {
  it("lists posts with the populate list, paging and newest-first sort, media made absolute", async () => {
    const r = recorder(() => json(list([strapiPost(1)], 31, 1, 15)));
    const page = await createStrapiStore(CMS, r.fetch).listPosts();
    expect(r.urls()).toEqual([
      `${CMS}/api/blog-posts?populate[genres]=true&populate[locations]=true&populate[coverImage]=true&populate[audio_file]=true&populate[tags]=true&populate[artists][fields][0]=slug&populate[artists][fields][1]=name&populate[former_slugs]=true&pagination[page]=1&pagination[pageSize]=15&sort=postDate:desc`,
    ]);
    expect(page).toMatchObject({ page: 1, pageSize: 15, total: 31, pageCount: 3 });
    expect(page.items[0]).toMatchObject({
      id: "post-1",
      numericId: 1,
      artist: "Björk",
      content: [{ type: "paragraph", children: [{ type: "text", text: "Hello world" }] }],
      tags: ["vinyl"],
      genres: [{ name: "Techno", slug: "techno" }],
      coverImage: `${CMS}/uploads/cover.svg`,
      audio: { platform: "local", url: `${CMS}/uploads/clip.mp3`, trackTitle: "Clip" },
    });
  });

  it("accepts the API base as CMS_URL too and keeps absolute media URLs", async () => {
    const r = recorder(() =>
      json(list([strapiPost(1, { coverImage: { url: "https://cdn.example.com/c.jpg" } })])),
    );
    const page = await createStrapiStore(`${CMS}/api/`, r.fetch).listPosts({ page: 3, pageSize: 2 });
    expect(r.urls()[0]).toContain(`${CMS}/api/blog-posts?`);
    expect(r.urls()[0]).toContain("pagination[page]=3&pagination[pageSize]=2");
    expect(page.items[0]?.coverImage).toBe("https://cdn.example.com/c.jpg");
  });

  it("takes a raster upload with its size through the site's image route, and other media as they are", async () => {
    const photo = { url: "/uploads/cover_3f2a9b.jpg", mime: "image/jpeg", width: 2400, height: 1600 };
    const rows = [
      strapiPost(1, { coverImage: photo }),
      strapiPost(2, { coverImage: { ...photo, width: null } }),
      strapiPost(3, {
        coverImage: { url: "/uploads/art.svg", mime: "image/svg+xml", width: 300, height: 300 },
      }),
      strapiPost(4, { coverImage: { ...photo, url: "https://media.example/covers/c_1.jpg" } }),
      strapiPost(5, { coverImage: { ...photo, url: "https://elsewhere.example/c_1.jpg" } }),
    ];
    const r = recorder(() => json(list(rows)));
    const onCms = await createStrapiStore(CMS, r.fetch).listPosts();
    expect(onCms.items.map((p) => p.coverImage)).toEqual([
      "/media/cms/uploads/cover_3f2a9b.jpg/2400x1600",
      `${CMS}/uploads/cover_3f2a9b.jpg`,
      `${CMS}/uploads/art.svg`,
      "https://media.example/covers/c_1.jpg",
      "https://elsewhere.example/c_1.jpg",
    ]);
    // Uploads in a bucket (CMS_MEDIA_URL): the photos there take the route, by their path on it.
    const inBucket = await createStrapiStore(CMS, r.fetch, {
      mediaBase: "https://media.example/",
    }).listPosts();
    expect(inBucket.items.map((p) => p.coverImage)).toEqual([
      `${CMS}/uploads/cover_3f2a9b.jpg`,
      `${CMS}/uploads/cover_3f2a9b.jpg`,
      `${CMS}/uploads/art.svg`,
      "/media/cms/covers/c_1.jpg/2400x1600",
      "https://elsewhere.example/c_1.jpg",
    ]);
  });

  it("searches and filters with $containsi OR, slug $eq/$in, then paginates in the Worker", async () => {
    const rows = Array.from({ length: 12 }, (_, i) => strapiPost(i + 1));
    const r = recorder(() => json(list(rows, 12, 1, 100)));
    const page = await createStrapiStore(CMS, r.fetch).listPosts({
      search: " Björk & co ",
      genres: ["techno", "house"],
      locations: ["berlin"],
      page: 2,
      pageSize: 5,
    });
    expect(r.urls()).toEqual([
      `${CMS}/api/blog-posts?populate[genres]=true&populate[locations]=true&populate[coverImage]=true&populate[audio_file]=true&populate[tags]=true&populate[artists][fields][0]=slug&populate[artists][fields][1]=name&populate[former_slugs]=true` +
        "&filters[$or][0][title][$containsi]=Björk & co&filters[$or][1][artist_name][$containsi]=Björk & co&filters[$or][2][excerpt][$containsi]=Björk & co" +
        "&filters[genres][slug][$in][0]=techno&filters[genres][slug][$in][1]=house&filters[locations][slug][$eq]=berlin" +
        "&pagination[page]=1&pagination[pageSize]=100&sort=postDate:desc",
    ]);
    // Values are encoded; an '&' in the search text cannot split the query.
    expect(r.calls[0]?.url).toContain("[$containsi]=Bj%C3%B6rk%20%26%20co");
    expect(page).toMatchObject({ page: 2, pageSize: 5, total: 12, pageCount: 3 });
    expect(page.items.map((p) => p.numericId)).toEqual([6, 7, 8, 9, 10]);
  });

  it("fetches max(pageSize*10, 100) items when filtering", async () => {
    const r = recorder(() => json(list([])));
    await createStrapiStore(CMS, r.fetch).listPosts({ genres: ["techno"], pageSize: 15 });
    expect(r.urls()[0]).toContain("pagination[page]=1&pagination[pageSize]=150");
  });

  it("gets one post by slug or a former slug with populate=*, null when the data is empty", async () => {
    const r = recorder((url) =>
      json(list(url.searchParams.get("filters[$or][0][slug][$eq]") === "post-1" ? [strapiPost(1)] : [])),
    );
    const store = createStrapiStore(CMS, r.fetch);
    expect((await store.getPost("post-1"))?.title).toBe("Post 1");
    expect(await store.getPost("missing")).toBeNull();
    expect(r.urls()).toEqual([
      `${CMS}/api/blog-posts?filters[$or][0][slug][$eq]=post-1&filters[$or][1][former_slugs][slug][$eq]=post-1&populate=*&pagination[page]=1&pagination[pageSize]=2`,
      `${CMS}/api/blog-posts?filters[$or][0][slug][$eq]=missing&filters[$or][1][former_slugs][slug][$eq]=missing&populate=*&pagination[page]=1&pagination[pageSize]=2`,
    ]);
  });

  it("answers the entry that has a slug now before one that had it, and keeps a renamed one's first slug", async () => {
    const renamed = strapiPost(2, {
      slug: "new-name",
      former_slugs: [{ slug: "first-name" }, { slug: "post-1" }],
    });
    const r = recorder(() => json(list([renamed, strapiPost(1)])));
    const store = createStrapiStore(CMS, r.fetch);
    expect(await store.getPost("post-1")).toMatchObject({ slug: "post-1", title: "Post 1" });
    expect((await store.getPost("post-1"))?.firstSlug).toBeUndefined();
    const only = recorder(() => json(list([renamed])));
    expect(await createStrapiStore(CMS, only.fetch).getPost("first-name")).toMatchObject({
      slug: "new-name",
      firstSlug: "first-name",
    });
  });

  it("lists mixtapes and releases with their populate lists, sorts and searches", async () => {
    const r = recorder(() => json(list([])));
    const store = createStrapiStore(CMS, r.fetch);
    await store.listMixtapes({ search: "mix" });
    await store.getMixtape("m-1");
    await store.listReleases({ search: "velvet", page: 2, pageSize: 10 });
    await store.getRelease("r-1");
    expect(r.urls()).toEqual([
      `${CMS}/api/mixtapes?populate[coverImage]=true&populate[audio_file]=true&populate[genres]=true&populate[artists][fields][0]=slug&populate[artists][fields][1]=name&populate[tracklist_artists][populate][artists][fields][0]=slug&populate[tracklist_artists][populate][artists][fields][1]=name&populate[former_slugs]=true&sort=release_date:desc&filters[title][$containsi]=mix&pagination[page]=1&pagination[pageSize]=100`,
      `${CMS}/api/mixtapes?filters[$or][0][slug][$eq]=m-1&filters[$or][1][former_slugs][slug][$eq]=m-1&populate[coverImage]=true&populate[audio_file]=true&populate[genres]=true&populate[artists][fields][0]=slug&populate[artists][fields][1]=name&populate[tracklist_artists][populate][artists][fields][0]=slug&populate[tracklist_artists][populate][artists][fields][1]=name&populate[former_slugs]=true&pagination[page]=1&pagination[pageSize]=2`,
      `${CMS}/api/label-releases?populate[artwork]=true&populate[tracks][populate][artists][fields][0]=slug&populate[tracks][populate][artists][fields][1]=name&populate[purchase_links]=true&populate[artists][fields][0]=slug&populate[artists][fields][1]=name&populate[former_slugs]=true&sort=release_date:desc&filters[$or][0][title][$containsi]=velvet&filters[$or][1][artist_name][$containsi]=velvet&pagination[page]=2&pagination[pageSize]=10`,
      `${CMS}/api/label-releases?filters[$or][0][slug][$eq]=r-1&filters[$or][1][former_slugs][slug][$eq]=r-1&populate[artwork]=true&populate[tracks][populate][artists][fields][0]=slug&populate[tracks][populate][artists][fields][1]=name&populate[purchase_links]=true&populate[artists][fields][0]=slug&populate[artists][fields][1]=name&populate[former_slugs]=true&pagination[page]=1&pagination[pageSize]=2`,
    ]);
  });

  it("without GET /genres/counts (an older CMS), pages through genres at 100 and counts posts per slug with pageSize 1", async () => {
    const genres = [
      { id: 1, documentId: "a", name: "Ambient", slug: "ambient" },
      { id: 2, documentId: "b", name: "Breaks", slug: "breaks" },
      { id: 3, documentId: "c", name: "Cumbia", slug: "cumbia" },
    ];
    const counts: Record<string, number> = { ambient: 2, breaks: 5 };
    const r = recorder((url) => {
      if (url.pathname === "/api/genres/counts") return json({ error: { message: "Not Found" } }, 404);
      if (url.pathname === "/api/genres") {
        const page = Number(url.searchParams.get("pagination[page]"));
        return json(list(page === 1 ? genres.slice(0, 2) : genres.slice(2), 3, page, 2));
      }
      const slug = url.searchParams.get("filters[genres][slug][$eq]") ?? "";
      if (slug === "cumbia") return json({ error: { message: "boom" } }, 500);
      return json(list([], counts[slug] ?? 0, 1, 1));
    });
    const result = await createStrapiStore(CMS, r.fetch).listGenres();
    expect(result).toEqual([
      { id: 2, name: "Breaks", slug: "breaks", postCount: 5 },
      { id: 1, name: "Ambient", slug: "ambient", postCount: 2 },
    ]);
    expect(r.urls().slice(0, 3)).toEqual([
      `${CMS}/api/genres/counts`,
      `${CMS}/api/genres?sort=name:asc&pagination[page]=1&pagination[pageSize]=100`,
      `${CMS}/api/genres?sort=name:asc&pagination[page]=2&pagination[pageSize]=100`,
    ]);
    expect(r.urls()).toContain(
      `${CMS}/api/blog-posts?filters[genres][slug][$eq]=ambient&fields[0]=slug&pagination[page]=1&pagination[pageSize]=1`,
    );
    // The failed count for cumbia counted 0 and was logged.
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("cumbia"));
  });

  it("without GET /blog-posts/tags (an older CMS), reads the tags of 10,000 posts in 10 requests of 1000", async () => {
    const r = recorder((url) => {
      if (url.pathname === "/api/blog-posts/tags") return json({ error: { message: "Not Found" } }, 404);
      const page = Number(url.searchParams.get("pagination[page]"));
      const posts = Array.from({ length: 1000 }, (_, i) => ({
        id: page * 1000 + i,
        slug: `post-${page}-${i}`,
        tags: [{ name: `tag-${i % 3}` }],
      }));
      return json(list(posts, 10_000, page, 1000));
    });
    expect(await createStrapiStore(CMS, r.fetch).listTags()).toEqual(["tag-0", "tag-1", "tag-2"]);
    expect(r.urls()).toHaveLength(11);
    expect(r.urls()[10]).toBe(
      `${CMS}/api/blog-posts?fields[0]=slug&populate[0]=tags&pagination[page]=10&pagination[pageSize]=1000`,
    );
  });

  it("serves a deep /blog page in four requests, the same items as merging both lists whole", async () => {
    // 3,000 posts an hour apart and 400 aggregated posts every 7.5 hours, some on a post's hour.
    const hour = (h: number) => new Date(Date.UTC(2026, 0, 1) - h * 3_600_000).toISOString();
    const posts = Array.from({ length: 3000 }, (_, i) =>
      strapiPost(i + 1, { slug: `p${i}`, postDate: hour(i) }),
    );
    const aggregated = Array.from({ length: 400 }, (_, i) => ({
      id: 10_000 + i,
      documentId: `agg${i}`,
      original_url: `https://elsewhere.example/${i}`,
      title: `a${i}`,
      published_date: hour(i * 7.5),
    }));
    const r = recorder((url) => {
      const rows = url.pathname === "/api/aggregated-posts" ? aggregated : posts;
      const q = url.searchParams;
      const start = q.has("pagination[start]")
        ? Number(q.get("pagination[start]"))
        : (Number(q.get("pagination[page]")) - 1) * Number(q.get("pagination[pageSize]"));
      const size = Number(q.get("pagination[limit]") ?? q.get("pagination[pageSize]"));
      return json(list(rows.slice(start, start + size), rows.length, Math.floor(start / size) + 1, size));
    });
    const whole = [
      ...posts.map((p) => ({ title: p.title, date: Date.parse(p.postDate) })),
      ...aggregated.map((a) => ({ title: a.title, date: Date.parse(a.published_date) })),
    ].sort((a, b) => b.date - a.date);
    const store = createStrapiStore(CMS, r.fetch);
    for (const page of [67, 150, 199, 227]) {
      r.calls.length = 0;
      const result = await store.listCombinedPosts({ page });
      expect(result.items.map((i) => i.title)).toEqual(
        whole.slice((page - 1) * 15, page * 15).map((w) => w.title),
      );
      expect(result.total).toBe(3400);
      // The aggregated dates, the posts' dates that can end the page before, and a window of each.
      expect(r.calls).toHaveLength(4);
    }
  });

  it("reads the events of /events in two requests: the last 31 days and later, and the 101 before now", async () => {
    const now = new Date("2026-11-21T12:00:00Z");
    const day = 86_400_000;
    // 2,500 events a day apart, the newest 20 days ahead; each ends two hours after it starts.
    const events = Array.from({ length: 2500 }, (_, i) => {
      const starts = new Date(now.getTime() + (20 - i) * day);
      return {
        id: i + 1,
        slug: `e${i}`,
        title: `Event ${i}`,
        starts_at: starts.toISOString(),
        ends_at: new Date(starts.getTime() + 2 * 3_600_000).toISOString(),
      };
    });
    const r = recorder((url) => {
      const q = url.searchParams;
      const since = q.get("filters[starts_at][$gte]");
      const before = q.get("filters[starts_at][$lt]");
      const rows = events
        .filter((e) => (!since || e.starts_at >= since) && (!before || e.starts_at < before))
        .sort(
          (a, b) => (q.get("sort") === "starts_at:asc" ? 1 : -1) * a.starts_at.localeCompare(b.starts_at),
        );
      const page = Number(q.get("pagination[page]"));
      const size = Number(q.get("pagination[pageSize]"));
      return json(list(rows.slice((page - 1) * size, page * size), rows.length, page, size));
    });
    const { upcoming, past } = await createStrapiStore(CMS, r.fetch).listEvents(now);
    expect(upcoming.map((e) => e.slug)).toEqual(Array.from({ length: 21 }, (_, i) => `e${20 - i}`));
    expect(past.map((e) => e.slug)).toEqual(Array.from({ length: 100 }, (_, i) => `e${21 + i}`));
    expect(r.urls()).toHaveLength(2);
  });

  it("reads lean lists (the sitemap's) without populating posts or counting artists' items", async () => {
    const r = recorder((url) =>
      url.pathname === "/api/artists"
        ? json(list([{ slug: "jurgen-moller", name: "Jürgen Møller", kind: "person" }], 1, 1, 1000))
        : json(
            list(
              [{ id: 1, slug: "post-1", title: "Post 1", postDate: "2026-01-01T00:00:00.000Z" }],
              1,
              1,
              1000,
            ),
          ),
    );
    const store = createStrapiStore(CMS, r.fetch);
    const posts = await store.listPosts({ pageSize: 1000, lean: true });
    expect(posts.items.map((p) => [p.slug, p.date])).toEqual([["post-1", "2026-01-01T00:00:00.000Z"]]);
    const artists = await store.listArtists({ pageSize: 1, lean: true });
    expect(artists.total).toBe(1);
    expect(r.urls()).toEqual([
      `${CMS}/api/blog-posts?fields[0]=slug&fields[1]=title&fields[2]=postDate&fields[3]=publishedAt&pagination[page]=1&pagination[pageSize]=1000&sort=postDate:desc`,
      `${CMS}/api/artists?fields[0]=slug&sort=slug:asc&pagination[page]=1&pagination[pageSize]=1`,
    ]);
  });

  it("merges aggregated posts into the /blog listing, skipping them silently when they fail", async () => {
    const aggregated = {
      id: 9,
      documentId: "agg9",
      original_url: "https://elsewhere.example/a",
      title: "Agg",
      published_date: "2026-01-27T12:00:00.000Z",
      featured_image: { url: "/uploads/a.svg" },
    };
    let aggregatedFails = false;
    const r = recorder((url) =>
      url.pathname === "/api/aggregated-posts"
        ? aggregatedFails
          ? json({ error: { message: "down" } }, 503)
          : json(list([aggregated], 1))
        : json(list([strapiPost(1), strapiPost(2)], 2)),
    );
    const store = createStrapiStore(CMS, r.fetch);
    const merged = await store.listCombinedPosts({ pageSize: 2 });
    // post-1 is dated 10:00 and the aggregated post 12:00 the same day.
    expect(merged.items.map((i) => `${i.kind}:${i.id}`)).toEqual([
      "aggregated:aggregated-agg9",
      "post:post-1",
    ]);
    expect(merged.total).toBe(3);
    expect(r.urls()).toContain(
      `${CMS}/api/aggregated-posts?populate[genres]=true&populate[locations]=true&populate[featured_image]=true&populate[audio_file]=true&populate[artists][fields][0]=slug&populate[artists][fields][1]=name&pagination[page]=1&pagination[pageSize]=2&sort=published_date:desc`,
    );
    aggregatedFails = true;
    const postsOnly = await store.listCombinedPosts({ pageSize: 2 });
    expect(postsOnly.items.map((i) => i.kind)).toEqual(["post", "post"]);
  });
});

describe("Strapi store: docs/product.md section 8 failures", () => {
  it("answers a failed list with an empty page 1 and logs 'Failed to fetch blog posts'", async () => {
    const r = recorder(() => json({ data: null, error: { status: 500, message: "db down" } }, 500));
    const store = createStrapiStore(CMS, r.fetch);
    expect(await store.listPosts({ page: 3 })).toEqual({
      items: [],
      page: 1,
      pageSize: 15,
      pageCount: 1,
      total: 0,
    });
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("Failed to fetch blog posts"));
    expect(await store.listCombinedPosts()).toMatchObject({ items: [], page: 1, pageCount: 1, total: 0 });
    expect(await store.listMixtapes()).toMatchObject({ items: [], page: 1, pageCount: 1, total: 0 });
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("Failed to fetch mixtapes"));
    expect(await store.listReleases()).toMatchObject({ items: [], total: 0 });
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("Failed to fetch releases"));
    expect(await store.listGenres()).toEqual([]);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("Failed to fetch genres"));
    expect(await store.listLocations()).toEqual([]);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("Failed to fetch locations"));
    expect(await store.listEvents(new Date())).toEqual({ upcoming: [], past: [] });
  });

  it("answers failed single-item calls with null", async () => {
    const r = recorder(() => {
      throw new TypeError("fetch failed");
    });
    const store = createStrapiStore(CMS, r.fetch);
    expect(await store.getPost("a")).toBeNull();
    expect(await store.getMixtape("a")).toBeNull();
    expect(await store.getRelease("a")).toBeNull();
    expect(await store.getEvent("a")).toBeNull();
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("Failed to fetch blog post"));
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("Failed to fetch mixtape"));
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("Failed to fetch release"));
  });

  it("gives every request a time budget and treats a timeout as a failure", async () => {
    const r = recorder(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        }),
    );
    const store = createStrapiStore(CMS, r.fetch, { timeoutMs: 30 });
    expect(await store.listPosts()).toMatchObject({ items: [], total: 0 });
    expect(r.calls[0]?.signal).toBeInstanceOf(AbortSignal);
  });
});

describe("Strapi store: submissions and the newsletter", () => {
  const input: SubmissionInput = {
    artistName: "Ana",
    email: "ana@example.com",
    trackTitle: "Tide",
    genre: null,
    city: "Lagos",
    links: ["https://a.example", "https://b.example"],
    message: null,
    consent: true,
    reference: "CF-AAAA-BBBB",
    audioFile: {
      name: "tide.mp3",
      type: "audio/mpeg",
      size: 3,
      location: "submissions/CF-AAAA-BBBB/audio.mp3",
    },
    artworkFile: null,
  };
  // The form's fields as Strapi stores them and as the Worker sends them.
  const fields = {
    artist_name: "Ana",
    email: "ana@example.com",
    track_title: "Tide",
    city: "Lagos",
    links: "https://a.example\nhttps://b.example",
    consent: true,
  };
  const created = {
    id: 4,
    documentId: "sub4",
    reference: "CF-AAAA-BBBB",
    ...fields,
    status: "pending",
    adminNotes: null,
    submissionDate: "2026-11-21T10:00:00.000Z",
    audioFile: { url: "/uploads/tide.mp3", name: "tide.mp3", mime: "audio/mpeg", size: 0.003 },
    artworkFile: null,
  };

  it("posts JSON without null fields, naming the files the Worker kept and the form fill's key", async () => {
    let sent: Record<string, unknown> = {};
    const r = recorder((_, init) => {
      sent = JSON.parse(String(init?.body)).data;
      return json({ data: { ...created, audioStored: sent.audioStored } }, 201);
    });
    const s = await createStrapiStore(CMS, r.fetch, { token: "secret" }).createSubmission({
      ...input,
      idempotencyKey: "a-form-fill-key-0001",
    });
    const call = r.calls[0];
    expect(call?.method).toBe("POST");
    expect(call?.url).toBe(`${CMS}/api/submissions`);
    // The Worker's token (Strapi's public role cannot create); no file goes to Strapi.
    expect(call?.headers.get("Authorization")).toBe("Bearer secret");
    expect(call?.headers.get("Content-Type")).toBe("application/json");
    const location = "submissions/CF-AAAA-BBBB/audio.mp3";
    expect(sent).toEqual({
      ...fields,
      reference: "CF-AAAA-BBBB",
      audioStored: { name: "tide.mp3", type: "audio/mpeg", size: 3, location },
      submissionKey: "a-form-fill-key-0001",
    });
    expect(s).toMatchObject({
      id: "sub4",
      reference: "CF-AAAA-BBBB",
      links: ["https://a.example", "https://b.example"],
      audioFile: { location, size: 3, type: "audio/mpeg" },
    });
  });

  it("rethrows the server's message on a failed create, else 'Failed to create submission'", async () => {
    const bad = recorder(() =>
      json({ data: null, error: { status: 400, message: "Track title is required" } }, 400),
    );
    await expect(createStrapiStore(CMS, bad.fetch).createSubmission(input)).rejects.toThrow(
      "Track title is required",
    );
    const down = recorder(() => new Response("<html>bad gateway</html>", { status: 502 }));
    await expect(createStrapiStore(CMS, down.fetch).createSubmission(input)).rejects.toThrow(
      /^Failed to create submission$/,
    );
  });

  it("gives the visitor the forms' own texts, never Strapi's 'Forbidden', when the token is refused", async () => {
    const forbidden = () =>
      recorder(() =>
        json({ data: null, error: { status: 403, name: "ForbiddenError", message: "Forbidden" } }, 403),
      );
    const payload = {
      email: "a@b.co",
      firstName: null,
      lastName: null,
      city: null,
      source: "website_footer" as const,
    };
    for (const token of ["wrong", undefined]) {
      const create = forbidden();
      await expect(createStrapiStore(CMS, create.fetch, { token }).createSubmission(input)).rejects.toThrow(
        /^Failed to create submission$/,
      );
      expect(create.calls[0]?.headers.get("Authorization")).toBe(token ? `Bearer ${token}` : null);
      await expect(createStrapiStore(CMS, forbidden().fetch, { token }).subscribe(payload)).rejects.toThrow(
        /^Failed to subscribe$/,
      );
    }
  });

  it("lists submissions with the token, newest first, filtered by status", async () => {
    const r = recorder(() => json(list([created], 1)));
    const page = await createStrapiStore(CMS, r.fetch, { token: "secret" }).listSubmissions({
      status: "pending",
    });
    expect(r.urls()).toEqual([
      `${CMS}/api/submissions?populate=*&pagination[page]=1&pagination[pageSize]=25&sort=submissionDate:desc&filters[status][$eq]=pending`,
    ]);
    expect(r.calls[0]?.headers.get("Authorization")).toBe("Bearer secret");
    expect(page.items[0]?.id).toBe("sub4");
  });

  it("reads one submission through the list call filtered by documentId; none is null", async () => {
    const r = recorder((url) =>
      json(url.searchParams.get("filters[documentId][$eq]") === "sub4" ? list([created], 1) : list([], 0)),
    );
    const store = createStrapiStore(CMS, r.fetch, { token: "secret" });
    expect(await store.getSubmission("sub4")).toMatchObject({ id: "sub4" });
    expect(r.urls()[0]).toBe(
      `${CMS}/api/submissions?populate=*&filters[documentId][$eq]=sub4&pagination[page]=1&pagination[pageSize]=1`,
    );
    expect(r.calls[0]?.headers.get("Authorization")).toBe("Bearer secret");
    expect(await store.getSubmission("missing")).toBeNull();
  });

  it("PUTs {status, adminNotes} to /submissions/{id}/status; 404 is null", async () => {
    const r = recorder((url) =>
      url.pathname.includes("missing")
        ? json({ data: null, error: { status: 404, message: "Submission not found" } }, 404)
        : json({ data: { ...created, status: "accepted", adminNotes: "Yes" } }),
    );
    const store = createStrapiStore(CMS, r.fetch, { token: "secret" });
    expect(await store.setSubmissionStatus("sub4", "accepted", "Yes")).toMatchObject({
      status: "accepted",
      adminNotes: "Yes",
    });
    expect(r.calls[0]).toMatchObject({ method: "PUT", url: `${CMS}/api/submissions/sub4/status` });
    expect(JSON.parse(String(r.calls[0]?.body))).toEqual({ status: "accepted", adminNotes: "Yes" });
    expect(r.calls[0]?.headers.get("Content-Type")).toBe("application/json");
    expect(r.calls[0]?.headers.get("Authorization")).toBe("Bearer secret");
    expect(await store.setSubmissionStatus("missing", "rejected", null)).toBeNull();
  });

  it("surfaces the server's message on a failed status update, else the text of docs/product.md section 8", async () => {
    const bad = recorder(() => json({ error: { message: "status must be one of …" } }, 400));
    await expect(
      createStrapiStore(CMS, bad.fetch).setSubmissionStatus("a", "accepted", null),
    ).rejects.toThrow("status must be one of …");
    const down = recorder(() => {
      throw new TypeError("fetch failed");
    });
    await expect(
      createStrapiStore(CMS, down.fetch).setSubmissionStatus("a", "accepted", null),
    ).rejects.toThrow(/^Failed to update submission status$/);
  });

  it("subscribes with source website_footer and maps every newsletter outcome", async () => {
    const payload = {
      email: "a@b.co",
      firstName: "A",
      lastName: null,
      city: null,
      source: "website_footer" as const,
    };
    const answer = (res: () => Response) => createStrapiStore(CMS, recorder(res).fetch).subscribe(payload);
    const r = recorder(() => json({ message: "Welcome aboard" }));
    expect(await createStrapiStore(CMS, r.fetch, { token: "secret" }).subscribe(payload)).toEqual({
      message: "Successfully subscribed!",
    });
    // A CMS that tells a repeat apart is not passed on: everyone gets the sign-up answer.
    expect(await answer(() => json({ message: "You are already subscribed. Thank you!" }))).toEqual({
      message: "Successfully subscribed!",
    });
    expect(r.calls[0]).toMatchObject({ method: "POST", url: `${CMS}/api/email-subscribers/subscribe` });
    expect(r.calls[0]?.headers.get("Authorization")).toBe("Bearer secret");
    expect(JSON.parse(String(r.calls[0]?.body))).toEqual({
      email: "a@b.co",
      firstName: "A",
      lastName: null,
      city: null,
      source: "website_footer",
      pending: false,
    });
    expect(await answer(() => json({}))).toEqual({ message: "Successfully subscribed!" });
    // Double opt-in: the pending subscriber Strapi names gets the confirmation; the visitor's
    // answer is the same whether or not one is due.
    const pending = { ...payload, pending: true };
    const due = await createStrapiStore(
      CMS,
      recorder(() => json({ confirmation: { id: 7, email: "a@b.co" } })).fetch,
    ).subscribe(pending);
    expect(due).toEqual({ message: TEXTS.subscribeCheckInbox, confirmation: { id: 7, email: "a@b.co" } });
    const notDue = await createStrapiStore(CMS, recorder(() => json({ confirmation: null })).fetch).subscribe(
      pending,
    );
    expect(notDue).toEqual({ message: TEXTS.subscribeCheckInbox });
    await expect(answer(() => json({ error: { message: "Too many" } }, 429))).rejects.toThrow("Too many");
    await expect(answer(() => new Response("", { status: 500 }))).rejects.toThrow(/^Failed to subscribe$/);
    await expect(answer(() => new Response("<html>", { status: 200 }))).rejects.toThrow(
      "Server returned invalid response",
    );
    await expect(
      answer(() => {
        throw new TypeError("fetch failed");
      }),
    ).rejects.toThrow("Failed to subscribe. Please try again.");
  });
});
