import { randomBytes } from "node:crypto";
import type { ServedPorts } from "@worker/content/served-ports";
import { servedPorts } from "@worker/content/served-ports";
import { createStrapiSource } from "@worker/content/strapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CmsDatabase, cmsApi, cmsUrl, openCmsDatabase } from "./lane";

// The CMS's aggregates (cms/src/aggregates.js, docs/decisions/111-cms-aggregates.md) against the
// REST way the Worker reads a CMS without them: the same genres and locations with their counts,
// the same tags, the same directory page by page, on the seeded catalogue and with content that
// is not published (a draft-only post, a published post's unpublished draft) beside it.

const AGGREGATES = new Set(["/api/genres/counts", "/api/blog-posts/tags", "/api/artists/directory"]);

/** The Worker's Strapi adapter, counting its requests; `rest`: as on a CMS without the aggregates. */
function adapter(rest: boolean) {
  const urls: string[] = [];
  const store = servedPorts(
    createStrapiSource(cmsUrl(), async (input, init) => {
      urls.push(input);
      if (rest && AGGREGATES.has(new URL(input).pathname))
        return new Response(JSON.stringify({ data: null, error: { status: 404, message: "Not Found" } }), {
          status: 404,
        });
      return fetch(input, init);
    }),
  );
  return { store, urls };
}

/** Everything the aggregates answer for, read by one store: every page of the directory, 7 a page. */
async function everything(store: ServedPorts) {
  const [genres, locations, tags] = await Promise.all([
    store.listGenres(),
    store.listLocations(),
    store.listTags(),
  ]);
  const first = await store.listArtists({ pageSize: 7 });
  const pages = [first];
  for (let page = 2; page <= first.pageCount; page++)
    pages.push(await store.listArtists({ page, pageSize: 7 }));
  return { genres, locations, tags, pages };
}

const run = randomBytes(3).toString("hex");
const created: string[] = [];
let db: CmsDatabase;

async function documentIdOf(collection: string, slug: string): Promise<string> {
  const res = await fetch(`${cmsUrl()}/api/${collection}?filters[slug][$eq]=${slug}&fields[0]=slug`);
  const id = ((await res.json()) as { data: Array<{ documentId: string }> }).data[0]?.documentId;
  if (!id) throw new Error(`no ${collection} ${slug} in the seeded catalogue`);
  return id;
}

async function createPost(slug: string, data: Record<string, unknown>, draft: boolean): Promise<string> {
  const res = await cmsApi(`/blog-posts${draft ? "?status=draft" : ""}`, {
    method: "POST",
    body: JSON.stringify({
      data: { title: `Aggregates ${slug}`, slug, postDate: "2026-11-20T12:00:00.000Z", ...data },
    }),
  });
  expect(res.status).toBe(201);
  const { documentId } = ((await res.json()) as { data: { documentId: string } }).data;
  created.push(documentId);
  return documentId;
}

beforeAll(async () => {
  db = await openCmsDatabase();
});
afterAll(async () => {
  for (const documentId of created) await cmsApi(`/blog-posts/${documentId}`, { method: "DELETE" });
  await db?.close();
});

describe("the CMS's aggregates against the REST way", () => {
  it("give the seeded catalogue's genres, locations, tags and directory exactly as REST does, in fewer requests", async () => {
    const routes = adapter(false);
    const rest = adapter(true);
    const viaRoutes = await everything(routes.store);
    expect(viaRoutes.genres.length).toBeGreaterThan(5);
    expect(viaRoutes.tags.length).toBeGreaterThan(5);
    expect(viaRoutes.pages.length).toBeGreaterThan(5);
    expect(viaRoutes.pages[0]?.letters.length).toBeGreaterThan(5);
    expect(viaRoutes.pages.flatMap((p) => p.items).some((a) => a.itemCount > 1)).toBe(true);
    expect(await everything(rest.store)).toEqual(viaRoutes);
    // One request for genres and locations, one for tags, two per directory page.
    expect(routes.urls).toHaveLength(2 + 2 * viaRoutes.pages.length);
    expect(rest.urls.length).toBeGreaterThan(routes.urls.length * 3);
  });

  it("leave out a draft-only post and a published post's unpublished draft", async () => {
    const [techno, berlin, moller, house] = await Promise.all([
      documentIdOf("genres", "techno"),
      documentIdOf("locations", "berlin"),
      documentIdOf("artists", "jurgen-moller"),
      documentIdOf("genres", "house"),
    ]);
    const before = await everything(adapter(false).store);
    const links = { genres: [techno], locations: [berlin], artists: [moller] };
    await createPost(`aggregates-draft-${run}`, { ...links, tags: [{ name: `draft-only ${run}` }] }, true);
    const published = await createPost(
      `aggregates-published-${run}`,
      { ...links, tags: [{ name: `published ${run}` }] },
      false,
    );
    const edit = await cmsApi(`/blog-posts/${published}?status=draft`, {
      method: "PUT",
      body: JSON.stringify({
        data: { genres: [techno, house], tags: [{ name: `unpublished edit ${run}` }] },
      }),
    });
    expect(edit.status).toBe(200);
    // What is left out is there: draft rows with the tags, linked to the genres.
    const drafts = await db.all(
      `SELECT t.name FROM components_post_tags t JOIN blog_posts_cmps c ON c.cmp_id = t.id AND c.field = 'tags'
       JOIN blog_posts p ON p.id = c.entity_id WHERE p.published_at IS NULL AND t.name LIKE ?`,
      `% ${run}`,
    );
    expect(drafts.map((r) => r.name).sort()).toEqual([`draft-only ${run}`, `unpublished edit ${run}`]);

    const after = await everything(adapter(false).store);
    expect(await everything(adapter(true).store)).toEqual(after);
    expect(after.tags).toEqual([...before.tags, `published ${run}`].sort());
    const countOf = (list: Array<{ slug: string; postCount: number }>, slug: string) =>
      list.find((t) => t.slug === slug)?.postCount ?? 0;
    expect(countOf(after.genres, "techno")).toBe(countOf(before.genres, "techno") + 1);
    expect(countOf(after.genres, "house")).toBe(countOf(before.genres, "house"));
    expect(countOf(after.locations, "berlin")).toBe(countOf(before.locations, "berlin") + 1);
    const itemsOf = (dir: typeof before) =>
      dir.pages.flatMap((p) => p.items).find((a) => a.slug === "jurgen-moller")?.itemCount;
    expect(itemsOf(after)).toBe((itemsOf(before) ?? 0) + 1);
  });

  it("refuse a malformed page of the directory with a 400 and its reason", async () => {
    for (const query of ["pageSize=1001", "page=0", "page=x"]) {
      const res = await fetch(`${cmsUrl()}/api/artists/directory?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain(
        "pageSize at most 1000",
      );
    }
  });
});
