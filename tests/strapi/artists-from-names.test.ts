import { createRequire } from "node:module";
import { join } from "node:path";
import { loadCatalogue } from "@scripts/content/folder";
import { describe, expect, it } from "vitest";

// cms/src/seed/artists-from-names.js, the upgrade of a Strapi database made before artists, run
// against Strapi's query interface in memory, filled with the demo catalogue's items as an older
// CMS stored them (names only, a draft and a published row per published item). Like
// tests/worker/store-upgrade.test.ts for the embedded store: the upgrade must make exactly the
// catalogue's artists and its links, each version of an item linking the same version of the
// artist. (A real Strapi upgraded this way answers the content contract's counts and links:
// docs/decisions/086-artists-from-names-in-the-cms.md.)
const require = createRequire(join(process.cwd(), "cms", "package.json"));
const { artistsFromNames } = require("./src/seed/artists-from-names.js") as {
  artistsFromNames: (strapi: unknown) => Promise<number>;
};

const catalogue = loadCatalogue();
const nameOf = new Map(catalogue.artists.map((a) => [a.id, a.name]));
const names = (ids: number[]) => ids.map((id) => nameOf.get(id));
const ARTIST = "api::artist.artist";

type Row = Record<string, unknown> & { id: number; documentId: string; publishedAt: string | null };

/** A Strapi of the catalogue's items: `rows` per content type, what the upgrade wrote recorded. */
function fakeStrapi({ withArtists = false } = {}) {
  let next = 1;
  const versions = (documentId: string, published: boolean, fields: Record<string, unknown>): Row[] =>
    [null, ...(published ? ["2026-01-01T00:00:00.000Z"] : [])].map((publishedAt) => ({
      id: next++,
      documentId,
      publishedAt,
      ...structuredClone(fields),
    }));
  const of = <T extends { id: number; pub_status: string }>(
    uid: string,
    items: T[],
    pick: (i: T) => Record<string, unknown>,
  ) =>
    [uid, items.flatMap((i) => versions(`${uid}:${i.id}`, i.pub_status === "published", pick(i)))] as const;
  const rows = new Map<string, Row[]>([
    of("api::blog-post.blog-post", catalogue.posts, (p) => ({ artist_name: p.artist_name })),
    of("api::aggregated-post.aggregated-post", catalogue.aggregatedPosts, (a) => ({
      artist_name: a.artist_name,
    })),
    // Postgres answers JSON parsed, SQLite as text: one of each.
    of("api::mixtape.mixtape", catalogue.mixtapes, (m) => ({
      artist_name: m.artist_name,
      tracklist: JSON.stringify(m.tracklist),
    })),
    of("api::label-release.label-release", catalogue.releases, (r) => ({
      artist_name: r.artist_name,
      tracks: r.tracks.map((t) => ({ track_number: t.track_number, artist_name: t.artist_name })),
    })),
    of("api::event.event", catalogue.events, (e) => ({ lineup: e.lineup })),
  ]);
  // A name on one item only stays text.
  rows.get("api::blog-post.blog-post")?.push(...versions("heard-once", true, { artist_name: "Heard Once" }));
  for (const list of rows.values())
    for (const row of list) for (const t of (row.tracks ?? []) as Row[]) t.id = next++;
  const artists: Row[] = withArtists ? versions("artist:1", true, { name: "Someone", slug: "someone" }) : [];
  const updates = new Map<string, Map<number, Record<string, unknown>>>();
  const entries = new Map<number, { entry: number; artists: number[] }>();
  const kept = new Map<string, unknown>();
  const query = (uid: string) => ({
    count: async () => (uid === ARTIST ? artists.length : (rows.get(uid)?.length ?? 0)),
    findMany: async ({ where }: { where?: { documentId: string } }) =>
      uid === ARTIST
        ? artists.filter((a) => a.documentId === where?.documentId)
        : structuredClone(rows.get(uid)),
    create: async ({ data }: { data: { entry: number; artists: number[] } }) => {
      const id = next++;
      entries.set(id, data);
      return { id };
    },
    update: async ({ where, data }: { where: { id: number }; data: Record<string, unknown> }) => {
      if (!updates.has(uid)) updates.set(uid, new Map());
      updates.get(uid)?.set(where.id, data);
    },
  });
  const strapi = {
    log: { info: () => {} },
    store: () => ({
      get: async ({ key }: { key: string }) => kept.get(key) ?? null,
      set: async ({ key, value }: { key: string; value: unknown }) => kept.set(key, value),
    }),
    db: { query },
    documents: () => ({
      create: async ({ data, status }: { data: Record<string, unknown>; status: string }) => {
        const documentId = `artist:${data.slug}`;
        artists.push(...versions(documentId, status === "published", data));
        return { documentId };
      },
    }),
  };
  const artistName = (id: unknown) => artists.find((a) => a.id === id)?.name;
  /** What the upgrade linked on one row: own names, then [entry, names] or [track number, names]. */
  const linked = (uid: string, row: Row) => {
    const data = updates.get(uid)?.get(row.id) ?? {};
    const own = ((data.artists as number[] | undefined) ?? []).map(artistName);
    const field = (data.tracklist_artists ?? data.lineup_artists ?? []) as Array<{ id: number }>;
    const perEntry = field.map(({ id }) => {
      const e = entries.get(id);
      return [e?.entry, e?.artists.map(artistName)];
    });
    const perTrack = ((row.tracks ?? []) as Row[]).flatMap((t) => {
      const ids = updates.get("release.track")?.get(t.id)?.artists as number[] | undefined;
      return ids ? [[t.track_number, ids.map(artistName)]] : [];
    });
    return { own, entries: [...perEntry, ...perTrack] };
  };
  /** Whether every artist a row links is the row's own version of that artist. */
  const sameVersion = (uid: string, row: Row) => {
    const data = updates.get(uid)?.get(row.id) ?? {};
    const ids = [
      ...((data.artists as number[] | undefined) ?? []),
      ...((data.tracklist_artists ?? data.lineup_artists ?? []) as Array<{ id: number }>).flatMap(
        ({ id }) => entries.get(id)?.artists ?? [],
      ),
    ];
    return ids.every(
      (id) => Boolean(artists.find((a) => a.id === id)?.publishedAt) === Boolean(row.publishedAt),
    );
  };
  return { strapi, rows, artists, linked, sameVersion, updates };
}

const entriesOf = (links: Array<{ entry: number; artist_id: number }>) => {
  const by = new Map<number, number[]>();
  for (const l of links) by.set(l.entry, [...(by.get(l.entry) ?? []), l.artist_id]);
  return [...by].sort((a, b) => a[0] - b[0]).map(([entry, ids]) => [entry, names(ids)]);
};

describe("Strapi's upgrade to artists: artists from names", () => {
  it("makes exactly the catalogue's artists, published, with the embedded store's slugs", async () => {
    const cms = fakeStrapi();
    expect(await artistsFromNames(cms.strapi)).toBe(catalogue.artists.length);
    const made = cms.artists.filter((a) => a.publishedAt).map((a) => [a.slug, a.name, a.kind]);
    expect(made.sort()).toEqual(catalogue.artists.map((a) => [a.slug, a.name, "person"]).sort());
    expect(cms.artists.filter((a) => !a.publishedAt)).toHaveLength(catalogue.artists.length);
  });

  it("links every item as the catalogue links it, each version to the same version of the artist", async () => {
    const cms = fakeStrapi();
    await artistsFromNames(cms.strapi);
    const check = <T extends { id: number }>(uid: string, items: T[], expected: (i: T) => object) => {
      for (const item of items)
        for (const row of cms.rows.get(uid)?.filter((r) => r.documentId === `${uid}:${item.id}`) ?? []) {
          expect(cms.linked(uid, row), `${uid} ${item.id}`).toEqual(expected(item));
          expect(cms.sameVersion(uid, row), `${uid} ${item.id}`).toBe(true);
        }
    };
    check("api::blog-post.blog-post", catalogue.posts, (p) => ({ own: names(p.artist_ids), entries: [] }));
    check("api::aggregated-post.aggregated-post", catalogue.aggregatedPosts, (a) => ({
      own: names(a.artist_ids),
      entries: [],
    }));
    check("api::mixtape.mixtape", catalogue.mixtapes, (m) => ({
      own: names(m.artist_ids),
      entries: entriesOf(m.track_artists),
    }));
    check("api::label-release.label-release", catalogue.releases, (r) => ({
      own: names(r.artist_ids),
      entries: entriesOf(r.track_artists),
    }));
    check("api::event.event", catalogue.events, (e) => ({ own: [], entries: entriesOf(e.lineup_artists) }));
  });

  it("runs once per database, and not at all on one that has artists already", async () => {
    const cms = fakeStrapi();
    await artistsFromNames(cms.strapi);
    const count = cms.artists.length;
    expect(await artistsFromNames(cms.strapi)).toBe(0);
    expect(cms.artists).toHaveLength(count);

    const seeded = fakeStrapi({ withArtists: true });
    expect(await artistsFromNames(seeded.strapi)).toBe(0);
    expect(seeded.artists).toHaveLength(2);
    expect(seeded.updates.size).toBe(0);
  });
});
