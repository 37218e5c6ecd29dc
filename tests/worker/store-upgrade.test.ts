import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { blockTexts, storedDocument } from "@core/content/document";
import { createD1Source } from "@worker/content/d1";
import { createD1Search } from "@worker/content/d1/search/search-index";
import { describe, expect, it } from "vitest";
import {
  asUpgraded,
  dataTables,
  fillLikeAnOperator,
  OPERATOR_ROWS,
  rowsOf,
  snapshot,
  upgradedTable,
  wipe,
} from "./store-upgrade";

// An operator's live store is upgraded with `wrangler d1 migrations apply` (docs/operations.md):
// whatever schema version it was filled at, the migrations after it keep every row and search
// keeps finding every published post. The versions are read from the list of migrations the
// pool gets (vitest.workers.config.ts reads migrations/), so a migration added later is covered
// here without a change. The store is UPGRADE_DB, its own database: the DB binding the other
// tests read stays as tests/worker/setup.ts left it.

const migrations = env.TEST_MIGRATIONS;
const catalogue = JSON.parse(env.TEST_CATALOGUE);
const db = env.UPGRADE_DB;
const latest = migrations.at(-1)?.name;
/** Where bodies became documents: a store filled before it holds plain paragraphs. */
const documents = migrations.findIndex((m) => m.name.startsWith("0014_"));
/** Where descriptions, credits and bios became documents: before it they are text. */
const longTexts = migrations.findIndex((m) => m.name.startsWith("0016_"));

/** Rows of `before` (JSON text, sorted) that are not in `after`, counting duplicates. */
function missing(before: string[], after: string[]): string[] {
  const left = new Map<string, number>();
  for (const row of after) left.set(row, (left.get(row) ?? 0) + 1);
  return before.filter((row) => {
    const n = left.get(row) ?? 0;
    left.set(row, n - 1);
    return n <= 0;
  });
}

type Named = { id: number; slug: string };

/** Every link from an item to an artist, as 'table:item:entry:artist slug', sorted. */
async function linkedPairs(db: D1Database): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT 'post:' || post_id || ':0:' || a.slug AS pair FROM post_artists JOIN artists a ON a.id = artist_id
       UNION ALL SELECT 'aggregated:' || aggregated_post_id || ':0:' || a.slug FROM aggregated_post_artists JOIN artists a ON a.id = artist_id
       UNION ALL SELECT 'mixtape:' || mixtape_id || ':' || entry || ':' || a.slug FROM mixtape_artists JOIN artists a ON a.id = artist_id
       UNION ALL SELECT 'release:' || release_id || ':' || entry || ':' || a.slug FROM release_artists JOIN artists a ON a.id = artist_id
       UNION ALL SELECT 'event:' || event_id || ':' || entry || ':' || a.slug FROM event_artists JOIN artists a ON a.id = artist_id`,
    )
    .all<{ pair: string }>();
  return results.map((r) => r.pair).sort();
}

/** The same pairs as the cards read them: the artist refs kept in the items' extras rows. */
async function keptPairs(db: D1Database): Promise<string[]> {
  const of = (kind: string, table: string, key: string) =>
    `SELECT '${kind}:' || x.${key} || ':' || json_extract(j.value, '$.entry') || ':' || json_extract(j.value, '$.slug') AS pair
     FROM ${table} x, json_each(x.artists_json) j`;
  const { results } = await db
    .prepare(
      [
        of("post", "post_extras", "post_id"),
        of("aggregated", "aggregated_post_extras", "aggregated_post_id"),
        of("mixtape", "mixtape_extras", "mixtape_id"),
        of("release", "release_extras", "release_id"),
        of("event", "event_extras", "event_id"),
      ].join(" UNION ALL "),
    )
    .all<{ pair: string }>();
  return results.map((r) => r.pair).sort();
}

/** Each list's count as the list index keeps it, and as counted from the tables. */
async function listCounts(db: D1Database) {
  const kept = (list: string) =>
    `COALESCE((SELECT n FROM list_counts WHERE level = 0 AND list = ${list}), 0)`;
  return db
    .prepare(
      `SELECT ${kept("'featured'")} AS featured, ${kept("'mixtapes:featured'")} AS featured_mixtapes,
         ${kept("'events'")} AS events,
         (SELECT group_concat(${kept("'mixtapes:genre:' || g.id")}) FROM genres g) AS by_genre,
         (SELECT COUNT(*) FROM posts WHERE pub_status = 'published' AND is_featured = 1) AS featured_now,
         (SELECT COUNT(*) FROM mixtapes WHERE pub_status = 'published' AND is_featured = 1) AS featured_mixtapes_now,
         (SELECT COUNT(*) FROM events WHERE pub_status = 'published') AS events_now,
         (SELECT group_concat((SELECT COUNT(*) FROM mixtape_genres x JOIN mixtapes m ON m.id = x.mixtape_id
            WHERE x.genre_id = g.id AND m.pub_status = 'published')) FROM genres g) AS by_genre_now`,
    )
    .first<Record<string, number | string>>();
}

/** The same pairs as the demo catalogue's records link them. */
function cataloguePairs(c: {
  artists: Named[];
  posts: Array<{ id: number; artist_ids: number[] }>;
  aggregatedPosts: Array<{ id: number; artist_ids: number[] }>;
  mixtapes: Array<{
    id: number;
    artist_ids: number[];
    track_artists: Array<{ entry: number; artist_id: number }>;
  }>;
  releases: Array<{
    id: number;
    artist_ids: number[];
    track_artists: Array<{ entry: number; artist_id: number }>;
  }>;
  events: Array<{ id: number; lineup_artists: Array<{ entry: number; artist_id: number }> }>;
}): string[] {
  const slug = new Map(c.artists.map((a) => [a.id, a.slug]));
  const out: string[] = [];
  const add = (kind: string, id: number, entry: number, artist: number) =>
    out.push(`${kind}:${id}:${entry}:${slug.get(artist)}`);
  for (const p of c.posts) for (const a of p.artist_ids) add("post", p.id, 0, a);
  for (const p of c.aggregatedPosts) for (const a of p.artist_ids) add("aggregated", p.id, 0, a);
  for (const kind of ["mixtape", "release"] as const) {
    for (const m of kind === "mixtape" ? c.mixtapes : c.releases) {
      for (const a of m.artist_ids) add(kind, m.id, 0, a);
      for (const t of m.track_artists) add(kind, m.id, t.entry, t.artist_id);
    }
  }
  for (const e of c.events) for (const t of e.lineup_artists) add("event", e.id, t.entry, t.artist_id);
  return out.sort();
}

/** An FTS5 query for the exact title, as a phrase in the title column. */
const titlePhrase = (title: string) => `title : "${title.replace(/"/g, '""')}"`;

describe("migrations upgrade a live store", () => {
  it("has earlier schema versions to upgrade from", () => {
    expect(migrations.map((m) => m.name)).toEqual([...migrations.map((m) => m.name)].sort());
    expect(migrations.length).toBeGreaterThan(1);
  });

  for (let k = 1; k < migrations.length; k++) {
    const from = migrations[k - 1]?.name;
    it(`a store filled at ${from} keeps every row and finds every post after ${latest}`, async () => {
      await wipe(db);
      await applyD1Migrations(db, migrations.slice(0, k));
      const bodies = k <= documents ? "paragraphs" : "document";
      await fillLikeAnOperator(db, catalogue, bodies, k <= longTexts ? "text" : "document");
      const before = await snapshot(db);
      for (const [table, { rows }] of before)
        expect(rows.length, `rows in ${table} at ${from}`).toBeGreaterThan(0);

      await applyD1Migrations(db, migrations);

      const tablesNow = new Set((await dataTables(db)).map((t) => t.name));
      for (const [table, { columns, rows }] of before) {
        expect(tablesNow.has(table), `${table} still exists`).toBe(true);
        const body = upgradedTable(table);
        const now = (await rowsOf(db, table, columns)).map((r) =>
          body ? asUpgraded(r, table, columns, false) : r,
        );
        const expected = body ? rows.map((r) => asUpgraded(r, table, columns)) : rows;
        expect(now.length, `rows in ${table}`).toBeGreaterThanOrEqual(rows.length);
        expect(missing(expected, now), `rows of ${table} lost or changed`).toEqual([]);
      }

      // Search: every published post is in the index under its title, no draft is.
      const { results: posts } = await db
        .prepare("SELECT id, slug, title, pub_status FROM posts ORDER BY id")
        .all<{ id: number; slug: string; title: string; pub_status: string }>();
      const published = posts.filter((p) => p.pub_status === "published");
      expect(published.length).toBeGreaterThan(0);
      expect(posts.length).toBeGreaterThan(published.length);
      const indexed = await db
        .prepare("SELECT rowid AS id FROM posts_fts ORDER BY rowid")
        .all<{ id: number }>();
      expect(indexed.results.map((r) => r.id)).toEqual(published.map((p) => p.id));
      for (const post of published) {
        const hits = await db
          .prepare("SELECT rowid AS id FROM posts_fts WHERE posts_fts MATCH ?")
          .bind(titlePhrase(post.title))
          .all<{ id: number }>();
        expect(
          hits.results.map((h) => h.id),
          post.slug,
        ).toContain(post.id);
      }
      // The descriptions and bios are searched by their words, never by the JSON they are kept in.
      for (const [fts, column] of [
        ["mixtapes_fts", "description"],
        ["artists_fts", "bio"],
      ]) {
        const junk = await db
          .prepare(`SELECT count(*) AS n FROM ${fts} WHERE ${fts} MATCH ?`)
          .bind(`${column} : children`)
          .first<{ n: number }>();
        expect(junk?.n, `${fts} indexes JSON`).toBe(0);
      }
      const mix = catalogue.mixtapes.find(
        (m: { pub_status: string; description: unknown }) =>
          m.pub_status === "published" && blockTexts(storedDocument(m.description)).length,
      );
      const word = blockTexts(storedDocument(mix.description))[0]
        ?.split(/\W+/)
        .find((w) => w.length > 6);
      const byWord = await createD1Search(db).searchMixtapes({ query: word ?? "", pageSize: 100 });
      expect(
        byWord.items.map((hit) => hit.mixtape.slug),
        `a mixtape found by '${word}'`,
      ).toContain(mix.slug);
      // ...and through the Worker's own search and reads, on the upgraded store.
      const sample = published[Math.floor(published.length / 2)] as (typeof published)[number];
      const found = await createD1Search(db).searchPosts({ query: sample.title, pageSize: 100 });
      expect(found.items.map((hit) => hit.post.slug)).toContain(sample.slug);
      const source = createD1Source(db, env.UPLOADS);
      expect((await source.catalogue.getPost(sample.slug))?.title).toBe(sample.title);
      const subscribers = await source.newsletter.admin?.listSubscribers(0, 100);
      expect(subscribers?.map((s) => s.email)).toEqual(
        OPERATOR_ROWS.filter((r) => r.table === "newsletter_subscribers").map((r) => r.row.email),
      );
      // Each subscriber can leave: the list mail's unsubscribe link needs a token per row.
      for (const s of subscribers ?? []) expect(s.unsubscribeToken, s.email).toMatch(/^[0-9a-f]{32}$/);
      const submissions = await source.submissions.listSubmissions({ pageSize: 100 });
      expect(submissions?.total).toBe(before.get("submissions")?.rows.length);

      // Artists: one for every name on two or more items, slugged as the catalogue's files
      // spell them ('Jürgen Møller' → jurgen-moller), linked from each item naming them.
      const artists = await db
        .prepare("SELECT slug, name FROM artists ORDER BY slug")
        .all<{ slug: string; name: string }>();
      expect(artists.results).toEqual(
        [...catalogue.artists]
          .map((a: { slug: string; name: string }) => ({ slug: a.slug, name: a.name }))
          .sort((a: { slug: string }, b: { slug: string }) => a.slug.localeCompare(b.slug)),
      );
      expect(await linkedPairs(db)).toEqual(cataloguePairs(catalogue));
      // The cards read those links from the extras rows, filled by the migration that added them.
      expect(await keptPairs(db)).toEqual(cataloguePairs(catalogue));
      // The lists the upgrade added are counted: featured posts and mixtapes, a genre's mixtapes, events.
      const counts = await listCounts(db);
      expect(counts?.featured).toBe(counts?.featured_now);
      expect(counts?.featured_mixtapes).toBe(counts?.featured_mixtapes_now);
      expect(counts?.events).toBe(counts?.events_now);
      expect(counts?.by_genre).toBe(counts?.by_genre_now);
      expect(counts?.events).toBeGreaterThan(0);
      const moller = await source.catalogue.getArtist("jurgen-moller");
      expect(moller?.name).toBe("Jürgen Møller");
    });
  }
});
