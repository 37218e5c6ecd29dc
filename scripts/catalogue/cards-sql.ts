/**
 * migrations/0010_cards_and_lists.sql as `npx tsx scripts/fts-triggers.ts` writes it
 * (docs/decisions/094-artists-on-the-card.md, 095-more-lists.md):
 *
 * - An item's artist refs (its own and its entries': tracklist positions, track numbers, lineup
 *   places) as JSON in its extras row, kept by triggers on the link tables and the artists: a
 *   card reads one row for them, not every link and artist behind it. Posts and mixtapes get a
 *   column on the extras rows of migration 0007; aggregated posts, releases and events an extras
 *   table of their own.
 * - More lists of the list index (scripts/catalogue/list-sql.ts): the featured posts
 *   (`featured`), the mixtapes of a genre (`mixtapes:genre:<id>`), the featured mixtapes
 *   (`mixtapes:featured`) and the events by start (`events`).
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
  return `INSERT OR REPLACE INTO ${t.extras} (${t.key}, artists_json) SELECT i.id, ${refs(t, "i.id")} FROM ${t.items} i WHERE i.id IN (${ids});`;
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
  `INSERT OR IGNORE INTO list_items (list, sort, kind, id) SELECT 'featured', p.post_date, ${LIST_KIND.post}, p.id FROM posts p WHERE ${where} AND +p.pub_status = 'published' AND p.is_featured = 1;`;

/** A published mixtape's lists: all mixtapes, the featured ones, one per genre. */
function mixtapeEntries(where: string): string[] {
  const of = (list: string, join = "", and = "") =>
    `INSERT OR IGNORE INTO list_items (list, sort, kind, id) SELECT ${list}, m.release_date, ${LIST_KIND.mixtape}, m.id FROM mixtapes m ${join} WHERE ${where} AND +m.pub_status = 'published'${and};`;
  return [
    of("'mixtapes'"),
    of("'mixtapes:featured'", "", " AND m.is_featured = 1"),
    of("'mixtapes:genre:' || x.genre_id", "JOIN mixtape_genres x ON x.mixtape_id = m.id"),
  ];
}

const eventEntries = (where: string) =>
  `INSERT OR IGNORE INTO list_items (list, sort, kind, id) SELECT 'events', e.starts_at, ${LIST_KIND.event}, e.id FROM events e WHERE ${where} AND +e.pub_status = 'published';`;

const forget = (kind: number, id: string) => `DELETE FROM list_items WHERE kind = ${kind} AND id = ${id};`;

/**
 * The lists' triggers. Those of posts and mixtapes replace 0007's (an update forgets every list
 * of the item and adds it to its lists again: the new lists must be among them).
 */
export function moreListsSql(): string[] {
  const mixGenre = (row: string) => `'mixtapes:genre:' || ${row}.genre_id`;
  const addMixGenre = `INSERT OR IGNORE INTO list_items (list, sort, kind, id) SELECT ${mixGenre("new")}, m.release_date, ${LIST_KIND.mixtape}, m.id FROM mixtapes m WHERE m.id = new.mixtape_id AND +m.pub_status = 'published';`;
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

export function cardsMigration(): string {
  return [
    "-- Generated by `npx tsx scripts/fts-triggers.ts` from scripts/catalogue/cards-sql.ts: do not edit.",
    "-- Artist refs in the extras rows (docs/decisions/094-artists-on-the-card.md) and more lists of",
    "-- the list index (docs/decisions/095-more-lists.md).",
    ...artistRefsSql(),
    ...moreListsSql(),
    "",
  ].join("\n");
}
