import { env } from "cloudflare:workers";
import type { ListFilter } from "@core/content/page";
import { d1CoreReads } from "@worker/content/d1/core-reads";
import { mixtapes } from "@worker/content/d1/mixtapes";
import { releases } from "@worker/content/d1/releases";
import { describe, expect, it } from "vitest";

// The D1 core reads of a listed kind (docs/decisions/138), run on the demo catalogue's mixtapes
// and releases: through the list index, the lean page and the search they answer the same items
// in the same order as each kind's own reads, with the simple fields of its definition.

const KINDS = [
  ["Mixtape", mixtapes],
  ["Release", releases],
] as const;

/** `own` cut down to the fields `core` has. */
const picked = (own: object, core: object) =>
  Object.fromEntries(Object.keys(core).map((key) => [key, (own as Record<string, unknown>)[key]]));

const FILTERS: ListFilter[] = [
  {},
  { pageSize: 4 },
  { pageSize: 4, page: 2 },
  { pageSize: 4, page: 9 },
  { search: "no such title at all" },
];

describe.each(KINDS)("D1 core reads of %s", (kind, own) => {
  const core = d1CoreReads(kind);

  it("list the same pages as its own reads, each item its own item's simple fields", async () => {
    for (const filter of FILTERS) {
      const [mine, theirs] = await Promise.all([core.list(env.DB, filter), own.list(env.DB, filter)]);
      const { items, ...counts } = mine;
      const { items: ownItems, ...ownCounts } = theirs;
      expect(counts).toEqual(ownCounts);
      expect(items.map((item, i) => picked(ownItems[i] ?? {}, item))).toEqual(items);
    }
    // The demo catalogue fills the first page, and every item its title and slug.
    const first = await core.list(env.DB, { pageSize: 4 });
    expect(first.items).toHaveLength(4);
    for (const item of first.items) expect(item.title && item.slug && item.releaseDate).toBeTruthy();
  });

  it("search titles as its own reads do (a release's own search also matches its artist)", async () => {
    for (const search of ["a", "THE", "e"]) {
      const [mine, theirs] = await Promise.all([core.list(env.DB, { search }), own.list(env.DB, { search })]);
      const byTitle = theirs.items.filter((item) => item.title.toLowerCase().includes(search.toLowerCase()));
      expect(mine.total).toBe(byTitle.length);
      expect(mine.items.map((item, i) => picked(byTitle[i] ?? {}, item))).toEqual(mine.items);
    }
    const paged = await core.list(env.DB, { search: "e", pageSize: 2, page: 2 });
    const whole = await core.list(env.DB, { search: "e" });
    expect(whole.items.length).toBeGreaterThan(3);
    expect(paged.items).toEqual(whole.items.slice(2, 4));
  });

  it("list a lean page in the same order, with slugs and dates", async () => {
    const filter = { pageSize: 5, page: 2, lean: true };
    const [mine, theirs] = await Promise.all([core.list(env.DB, filter), own.list(env.DB, filter)]);
    const slugAndDate = ({ id, slug, releaseDate }: { id: number; slug: string; releaseDate: string }) => ({
      id,
      slug,
      releaseDate,
    });
    expect(mine.items.map(slugAndDate)).toEqual(theirs.items.map(slugAndDate));
    expect(mine.total).toBe(theirs.total);
  });

  it("get one by slug or numeric id as its own reads do, and null for an unknown one", async () => {
    const { items } = await own.list(env.DB, { pageSize: 2 });
    for (const item of items) {
      for (const key of [item.slug, String(item.id)]) {
        const mine = await core.get(env.DB, key);
        expect(mine).not.toBeNull();
        expect(picked((await own.get(env.DB, key)) ?? {}, mine ?? {})).toEqual(mine);
      }
    }
    expect(await core.get(env.DB, "no-such-slug")).toBeNull();
  });
});
