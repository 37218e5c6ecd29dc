/**
 * migrations/0010_cards_and_lists.sql as `npx tsx scripts/fts-triggers.ts` writes it
 * (docs/decisions/094-artists-on-the-card.md, 095-more-lists.md):
 *
 * - An item's artist refs (its own and its entries': tracklist positions, track numbers, lineup
 *   places) as JSON in its extras row, kept by triggers on the link tables and the artists: a
 *   card reads one row for them, not every link and artist behind it. Posts and mixtapes get a
 *   column on the extras rows of migration 0007; aggregated posts, releases and events an extras
 *   table of their own.
 * - More lists of the list index (scripts/content/sql/list-sql.ts): the featured posts
 *   (`featured`), the mixtapes of a genre (`mixtapes:genre:<id>`), the featured mixtapes
 *   (`mixtapes:featured`), the events by start (`events`) and the artists by slug (`artists`,
 *   counted by their first one, two and three letters), with each artist's count of items.
 * - Rows are written with upserts (`ON CONFLICT … DO UPDATE / DO NOTHING`), never `INSERT OR
 *   REPLACE / OR IGNORE`: an upsert that fires a trigger (the content import's `INSERT … ON
 *   CONFLICT(id) DO UPDATE` of an artist) makes SQLite run the trigger's inserts as plain ones,
 *   which then failed on the row already there.
 *
 * Pure TypeScript.
 */
import { LIST_KIND } from "@worker/content/d1/list-kind";
import { postEntries } from "./list-sql";

/** A link table from items to artists and the extras rows that keep its refs. */
interface RefTable {
  link: string;
  /** The link table's column naming the item, also the extras row's key. */
  key: string;
  items: string;
  extras: string;
  /** Whether the link table has an entry column (else every link is the item's own). */
  hasEntry: boolean;
  /** The extras table of migration 0007, with a row per item (else a table of its own). */
  shared: boolean;
}

const REF_TABLES: RefTable[] = [
  {
    link: "post_artists",
    key: "post_id",
    items: "posts",
    extras: "post_extras",
    hasEntry: false,
    shared: true,
  },
  {
    link: "aggregated_post_artists",
    key: "aggregated_post_id",
    items: "aggregated_posts",
    extras: "aggregated_post_extras",
    hasEntry: false,
    shared: false,
  },
  {
    link: "mixtape_artists",
    key: "mixtape_id",
    items: "mixtapes",
    extras: "mixtape_extras",
    hasEntry: true,
    shared: true,
  },
  {
    link: "release_artists",
    key: "release_id",
    items: "releases",
    extras: "release_extras",
    hasEntry: true,
    shared: false,
  },
  {
    link: "event_artists",
    key: "event_id",
    items: "events",
    extras: "event_extras",
    hasEntry: true,
    shared: false,
  },
];

/**
 * The published artists the item `id` links to, as JSON: entry 0 the item itself. No ORDER BY:
 * the reader (worker/content/d1/artist-refs.ts) puts them in the order of their links.
 */
function refs(t: RefTable, id: string): string {
  const entry = t.hasEntry ? "x.entry" : "0";
  return `(SELECT json_group_array(json_object('entry', ${entry}, 'position', x.position, 'slug', a.slug, 'name', a.name)) FROM ${t.link} x JOIN artists a ON a.id = x.artist_id WHERE x.${t.key} = ${id} AND a.pub_status = 'published')`;
}

/** Writes again the refs of the items `ids` names (an SQL list: values or a SELECT). */
function refresh(t: RefTable, ids: string): string {
  if (t.shared)
    return `UPDATE ${t.extras} SET artists_json = ${refs(t, `${t.extras}.${t.key}`)} WHERE ${t.key} IN (${ids});`;
  return `INSERT INTO ${t.extras} (${t.key}, artists_json) SELECT i.id, ${refs(t, "i.id")} FROM ${t.items} i WHERE i.id IN (${ids}) ON CONFLICT(${t.key}) DO UPDATE SET artists_json = excluded.artists_json;`;
}

function trigger(name: string, event: string, body: string[]): string {
  return `CREATE TRIGGER ${name} AFTER ${event} FOR EACH ROW BEGIN\n  ${body.join("\n  ")}\nEND;`;
}

function refTriggers(t: RefTable): string[] {
  return [
    trigger(`${t.link}_refs_insert`, `INSERT ON ${t.link}`, [refresh(t, `new.${t.key}`)]),
    trigger(`${t.link}_refs_delete`, `DELETE ON ${t.link}`, [refresh(t, `old.${t.key}`)]),
    trigger(`${t.link}_refs_update`, `UPDATE ON ${t.link}`, [refresh(t, `old.${t.key}, new.${t.key}`)]),
    t.shared
      ? // 0007's triggers write an extras row again (DELETE, INSERT) when a genre or tag changes.
        trigger(`${t.extras}_refs_fill`, `INSERT ON ${t.extras}`, [refresh(t, `new.${t.key}`)])
      : trigger(`${t.items}_refs_delete`, `DELETE ON ${t.items}`, [
          `DELETE FROM ${t.extras} WHERE ${t.key} = old.id;`,
        ]),
  ];
}

/** The extras tables, their triggers, and the refs of what the store already holds. */
export function artistRefsSql(): string[] {
  const linkedTo = (row: string) => (t: RefTable) =>
    refresh(t, `SELECT ${t.key} FROM ${t.link} WHERE artist_id = ${row}.id`);
  return [
    ...REF_TABLES.map((t) =>
      t.shared
        ? `ALTER TABLE ${t.extras} ADD COLUMN artists_json TEXT NOT NULL DEFAULT '[]';`
        : `CREATE TABLE ${t.extras} (\n  ${t.key} INTEGER PRIMARY KEY,\n  artists_json TEXT NOT NULL DEFAULT '[]'\n);`,
    ),
    ...REF_TABLES.flatMap(refTriggers),
    // A renamed, unpublished or deleted artist: every item linking to it (as many as its links).
    trigger(
      "artists_refs_update",
      "UPDATE OF slug, name, pub_status ON artists",
      REF_TABLES.map(linkedTo("new")),
    ),
    trigger("artists_refs_delete", "DELETE ON artists", REF_TABLES.map(linkedTo("old"))),
    "-- Fill them from the links the store already holds.",
    ...REF_TABLES.map((t) => refresh(t, `SELECT ${t.key} FROM ${t.link}`)),
  ];
}

const featuredPosts = (where: string) =>
  `INSERT INTO list_items (list, sort, kind, id) SELECT 'featured', p.post_date, ${LIST_KIND.post}, p.id FROM posts p WHERE ${where} AND +p.pub_status = 'published' AND p.is_featured = 1 ON CONFLICT DO NOTHING;`;

/** A published mixtape's lists: all mixtapes, the featured ones, one per genre. */
function mixtapeEntries(where: string): string[] {
  const of = (list: string, join = "", and = "") =>
    `INSERT INTO list_items (list, sort, kind, id) SELECT ${list}, m.release_date, ${LIST_KIND.mixtape}, m.id FROM mixtapes m ${join} WHERE ${where} AND +m.pub_status = 'published'${and} ON CONFLICT DO NOTHING;`;
  return [
    of("'mixtapes'"),
    of("'mixtapes:featured'", "", " AND m.is_featured = 1"),
    of("'mixtapes:genre:' || x.genre_id", "JOIN mixtape_genres x ON x.mixtape_id = m.id"),
  ];
}

const eventEntries = (where: string) =>
  `INSERT INTO list_items (list, sort, kind, id) SELECT 'events', e.starts_at, ${LIST_KIND.event}, e.id FROM events e WHERE ${where} AND +e.pub_status = 'published' ON CONFLICT DO NOTHING;`;

const forget = (kind: number, id: string) => `DELETE FROM list_items WHERE kind = ${kind} AND id = ${id};`;

/**
 * The lists' triggers. Those of posts and mixtapes replace 0007's (an update forgets every list
 * of the item and adds it to its lists again: the new lists must be among them).
 */
export function moreListsSql(): string[] {
  const mixGenre = (row: string) => `'mixtapes:genre:' || ${row}.genre_id`;
  const addMixGenre = `INSERT INTO list_items (list, sort, kind, id) SELECT ${mixGenre("new")}, m.release_date, ${LIST_KIND.mixtape}, m.id FROM mixtapes m WHERE m.id = new.mixtape_id AND +m.pub_status = 'published' ON CONFLICT DO NOTHING;`;
  const dropMixGenre = `DELETE FROM list_items WHERE kind = ${LIST_KIND.mixtape} AND id = old.mixtape_id AND list = ${mixGenre("old")};`;
  return [
    ...["posts_list_insert", "posts_list_update", "mixtapes_list_insert", "mixtapes_list_update"].map(
      (name) => `DROP TRIGGER IF EXISTS ${name};`,
    ),
    trigger("posts_list_insert", "INSERT ON posts", [
      ...postEntries("p.id = new.id"),
      featuredPosts("p.id = new.id"),
    ]),
    trigger("posts_list_update", "UPDATE OF id, post_date, category, pub_status, is_featured ON posts", [
      forget(LIST_KIND.post, "old.id"),
      ...postEntries("p.id = new.id"),
      featuredPosts("p.id = new.id"),
    ]),
    trigger("mixtapes_list_insert", "INSERT ON mixtapes", mixtapeEntries("m.id = new.id")),
    trigger("mixtapes_list_update", "UPDATE OF id, release_date, pub_status, is_featured ON mixtapes", [
      forget(LIST_KIND.mixtape, "old.id"),
      ...mixtapeEntries("m.id = new.id"),
    ]),
    trigger("mixtape_genres_list_insert", "INSERT ON mixtape_genres", [addMixGenre]),
    trigger("mixtape_genres_list_delete", "DELETE ON mixtape_genres", [dropMixGenre]),
    trigger("mixtape_genres_list_update", "UPDATE ON mixtape_genres", [dropMixGenre, addMixGenre]),
    trigger("events_list_insert", "INSERT ON events", [eventEntries("e.id = new.id")]),
    trigger("events_list_update", "UPDATE OF id, starts_at, pub_status ON events", [
      forget(LIST_KIND.event, "old.id"),
      eventEntries("e.id = new.id"),
    ]),
    trigger("events_list_delete", "DELETE ON events", [forget(LIST_KIND.event, "old.id")]),
    "-- Fill the new lists from what the store already holds.",
    featuredPosts("1"),
    ...mixtapeEntries("1").slice(1),
    eventEntries("1"),
  ];
}

/**
 * The count rows a member adds to or takes from: the whole list and three prefixes of its sort
 * key. Dates: year, month, day. The artists, A–Z by slug: its first one, two and three letters.
 * (0007's triggers again, with the artists' prefixes.)
 */
const LEVELS: [number, string][] = [
  [0, "''"],
  [1, "CASE WHEN %.list = 'artists' THEN substr(%.sort, 1, 1) ELSE substr(%.sort, 1, 4) END"],
  [2, "CASE WHEN %.list = 'artists' THEN substr(%.sort, 1, 2) ELSE substr(%.sort, 1, 7) END"],
  [3, "CASE WHEN %.list = 'artists' THEN substr(%.sort, 1, 3) ELSE substr(%.sort, 1, 10) END"],
];

function listCountTriggers(): string[] {
  const bucket = (expr: string, row: string) => expr.replaceAll("%", row);
  return [
    "DROP TRIGGER IF EXISTS list_items_count;",
    "DROP TRIGGER IF EXISTS list_items_uncount;",
    trigger("list_items_count", "INSERT ON list_items", [
      `INSERT INTO list_counts (level, list, bucket, n) VALUES ${LEVELS.map(
        ([level, expr]) => `(${level}, new.list, ${bucket(expr, "new")}, 1)`,
      ).join(", ")} ON CONFLICT (level, list, bucket) DO UPDATE SET n = n + 1;`,
    ]),
    trigger(
      "list_items_uncount",
      "DELETE ON list_items",
      LEVELS.flatMap(([level, expr]) => {
        const key = `level = ${level} AND list = old.list AND bucket = ${bucket(expr, "old")}`;
        return [
          `UPDATE list_counts SET n = n - 1 WHERE ${key};`,
          `DELETE FROM list_counts WHERE ${key} AND n <= 0;`,
        ];
      }),
    ),
  ];
}

/** Published items linking to the artist `a`, counted from its links (`+`: not through the pub_status indexes). */
const ITEM_COUNT = `(SELECT COUNT(*) FROM post_artists x JOIN posts p ON p.id = x.post_id
     WHERE x.artist_id = a.id AND +p.pub_status = 'published')
  + (SELECT COUNT(DISTINCT x.release_id) FROM release_artists x JOIN releases r ON r.id = x.release_id
     WHERE x.artist_id = a.id AND +r.pub_status = 'published')
  + (SELECT COUNT(DISTINCT x.mixtape_id) FROM mixtape_artists x JOIN mixtapes m ON m.id = x.mixtape_id
     WHERE x.artist_id = a.id AND +m.pub_status = 'published')
  + (SELECT COUNT(DISTINCT x.event_id) FROM event_artists x JOIN events e ON e.id = x.event_id
     WHERE x.artist_id = a.id AND +e.pub_status = 'published')`;

const recount = (ids: string) =>
  `INSERT INTO artist_extras (artist_id, item_count) SELECT a.id, ${ITEM_COUNT} FROM artists a WHERE a.id IN (${ids}) ON CONFLICT(artist_id) DO UPDATE SET item_count = excluded.item_count;`;

const artistEntries = (where: string) =>
  `INSERT INTO list_items (list, sort, kind, id) SELECT 'artists', a.slug, ${LIST_KIND.artist}, a.id FROM artists a WHERE ${where} AND +a.pub_status = 'published' ON CONFLICT DO NOTHING;`;

/** The counted items: a link table, its item column, the items' table, whether it has entries. */
const COUNTED: [string, string, string, boolean][] = [
  ["post_artists", "post_id", "posts", false],
  ["release_artists", "release_id", "releases", true],
  ["mixtape_artists", "mixtape_id", "mixtapes", true],
  ["event_artists", "event_id", "events", true],
];

/**
 * The triggers that keep an artist's count as its links and items change, a step at a time (a
 * recount reads every link of the artist: an artist on thousands of items would make each new
 * link cost thousands of rows). An item counts once however many of its entries name the artist.
 */
function countTriggers(link: string, key: string, items: string, hasEntry: boolean): string[] {
  const published = (row: string) =>
    `EXISTS (SELECT 1 FROM ${items} t WHERE t.id = ${row}.${key} AND t.pub_status = 'published')`;
  const others = (row: string, sameEntry: string) =>
    hasEntry
      ? ` AND NOT EXISTS (SELECT 1 FROM ${link} x WHERE x.${key} = ${row}.${key} AND x.artist_id = ${row}.artist_id${sameEntry})`
      : "";
  const step = (row: string, by: string, sameEntry: string) =>
    `UPDATE artist_extras SET item_count = item_count ${by} 1 WHERE artist_id = ${row}.artist_id AND ${published(row)}${others(row, sameEntry)};`;
  return [
    trigger(`${link}_count_insert`, `INSERT ON ${link}`, [step("new", "+", " AND x.entry <> new.entry")]),
    trigger(`${link}_count_delete`, `DELETE ON ${link}`, [step("old", "-", "")]),
    trigger(`${link}_count_update`, `UPDATE ON ${link}`, [recount("old.artist_id, new.artist_id")]),
    trigger(`${items}_artists_count`, `UPDATE OF pub_status ON ${items}`, [
      `UPDATE artist_extras SET item_count = item_count + (CASE WHEN new.pub_status = 'published' THEN 1 ELSE -1 END)
    WHERE artist_id IN (SELECT artist_id FROM ${link} WHERE ${key} = new.id)
    AND (old.pub_status = 'published') <> (new.pub_status = 'published');`,
    ]),
    // Before the row goes: its links may go with it (ON DELETE CASCADE), after it is gone.
    trigger(`${items}_artists_uncount`, `DELETE ON ${items}`, [
      `UPDATE artist_extras SET item_count = item_count - 1
    WHERE artist_id IN (SELECT artist_id FROM ${link} WHERE ${key} = old.id) AND old.pub_status = 'published';`,
    ]).replace("AFTER DELETE", "BEFORE DELETE"),
  ];
}

/**
 * The artists A–Z as a list of the index (`artists`, by slug) and each artist's count of
 * published items in artist_extras, kept by triggers on the artists, their links and the
 * items' status: the directory reads a page of artists, not every link of every artist.
 */
export function artistDirectorySql(): string[] {
  return [
    ...listCountTriggers(),
    `CREATE TABLE artist_extras (
  artist_id INTEGER PRIMARY KEY,
  item_count INTEGER NOT NULL DEFAULT 0
);`,
    trigger("artists_list_insert", "INSERT ON artists", [artistEntries("a.id = new.id"), recount("new.id")]),
    trigger("artists_list_update", "UPDATE OF id, slug, pub_status ON artists", [
      forget(LIST_KIND.artist, "old.id"),
      artistEntries("a.id = new.id"),
    ]),
    trigger("artists_list_delete", "DELETE ON artists", [
      forget(LIST_KIND.artist, "old.id"),
      "DELETE FROM artist_extras WHERE artist_id = old.id;",
    ]),
    ...COUNTED.flatMap(([link, key, items, hasEntry]) => countTriggers(link, key, items, hasEntry)),
    "-- Fill them from what the store already holds.",
    artistEntries("1"),
    recount("SELECT id FROM artists"),
  ];
}

export function cardsMigration(): string {
  return [
    "-- Generated by `npx tsx scripts/fts-triggers.ts` from scripts/content/sql/cards-sql.ts: do not edit.",
    "-- Artist refs in the extras rows (docs/decisions/094-artists-on-the-card.md) and more lists of",
    "-- the list index (docs/decisions/095-more-lists.md).",
    ...artistRefsSql(),
    ...moreListsSql(),
    "-- The artists' directory: A–Z as a list, each artist's count of items.",
    ...artistDirectorySql(),
    "",
  ].join("\n");
}
