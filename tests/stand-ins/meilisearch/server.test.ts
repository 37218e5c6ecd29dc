import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseFilter } from "./filter";
import { startMeilisearchStandIn } from "./server";

// The stand-in is only worth its answers if it refuses what Meilisearch refuses: these are the
// filter, sort and facet rules of Meilisearch's reference (filter expression reference, search
// parameters), with its error codes and statuses.

const docs = [
  { id: "a", title: "Alpha", genres: [{ slug: "techno", name: "Techno" }], is_featured: true, postDate: 30 },
  { id: "b", title: "Beta", genres: [{ slug: "house", name: "House" }], is_featured: false, postDate: 10 },
  {
    id: "c",
    title: "Gamma",
    genres: [{ slug: "deep house", name: "Deep House" }],
    is_featured: false,
    postDate: 20,
  },
];

let standIn: Awaited<ReturnType<typeof startMeilisearchStandIn>>;
beforeAll(async () => {
  standIn = await startMeilisearchStandIn({ "blog-post": docs });
});
afterAll(() => standIn.close());

async function search(body: Record<string, unknown>) {
  const res = await fetch(`${standIn.url}/indexes/blog-post/search`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const ids = async (body: Record<string, unknown>) =>
  ((await search(body)).body.hits as { id: string }[]).map((h) => h.id);

describe("the Meilisearch stand-in's filters", () => {
  it("applies =, IN, NOT, AND, OR with NOT before AND before OR, and quoted values", async () => {
    expect(await ids({ q: "", filter: "is_featured = true" })).toEqual(["a"]);
    expect(await ids({ q: "", filter: 'genres.slug IN ["techno", house]' })).toEqual(["a", "b"]);
    expect(await ids({ q: "", filter: "genres.slug = 'deep house'" })).toEqual(["c"]);
    expect(
      await ids({ q: "", filter: "NOT is_featured = true AND genres.slug = house OR genres.slug = techno" }),
    ).toEqual(["a", "b"]);
    expect(await ids({ q: "", filter: "genres.slug NOT IN [techno]" })).toEqual(["b", "c"]);
    // An array is AND of its items; an inner array OR.
    expect(
      await ids({ q: "", filter: ["is_featured = false", ["genres.slug = techno", "genres.slug = house"]] }),
    ).toEqual(["b"]);
    expect(parseFilter('title = "say \\"hi\\""')).toEqual({
      op: "cmp",
      attr: "title",
      cmp: "=",
      value: 'say "hi"',
    });
  });

  it("answers 400 invalid_search_filter for an attribute that is not filterable, or bad syntax", async () => {
    const unknown = await search({ q: "", filter: "title = Alpha" });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: "invalid_search_filter", type: "invalid_request" });
    expect(unknown.body.message).toMatch(/Attribute `title` is not filterable/);
    for (const bad of [
      "genres.slug IN [techno",
      "is_featured =",
      "genres.slug techno",
      "AND is_featured = true",
      'title = "open',
    ]) {
      const res = await search({ q: "", filter: bad });
      expect([bad, res.status, res.body.code]).toEqual([bad, 400, "invalid_search_filter"]);
    }
  });

  it("sorts by sortable attributes and answers 400 invalid_search_sort otherwise", async () => {
    expect(await ids({ q: "", sort: ["postDate:desc"] })).toEqual(["a", "c", "b"]);
    expect(await ids({ q: "", sort: ["postDate:asc"] })).toEqual(["b", "c", "a"]);
    for (const sort of [["postDate"], ["id:desc"], ["postDate:down"], "postDate:desc"]) {
      const res = await search({ q: "", sort });
      expect([res.status, res.body.code]).toEqual([400, "invalid_search_sort"]);
    }
  });

  it("answers 400 invalid_search_facets for a facet that is not filterable", async () => {
    const res = await search({ q: "", facets: ["title"] });
    expect([res.status, res.body.code]).toEqual([400, "invalid_search_facets"]);
  });

  it("fails a whole multi-search naming the query, as Meilisearch does", async () => {
    const res = await fetch(`${standIn.url}/multi-search`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        queries: [
          { indexUid: "blog-post", q: "" },
          { indexUid: "blog-post", q: "", sort: ["id:asc"] },
        ],
      }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: "invalid_search_sort",
      message: expect.stringMatching(/^Inside `\.queries\[1\]`: Attribute `id` is not sortable/),
    });
  });
});
