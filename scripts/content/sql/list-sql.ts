/**
 * The list index of migrations/0007_flat_lists.sql (docs/decisions/071-flat-lists.md): every
 * list a visitor pages through, with its members in order and its counts kept by triggers, so a
 * page of any list, at any depth, reads about as many rows as it shows.
 *
 * list_items holds one row per (list, member): the list's name, the member's date (its sort key),
 * its kind and id. list_counts holds how many members each list has in all (level 0) and per year,
 * month and day of their dates (levels 1 to 3): a page seeks through at most a few dozen count
 * rows to the day it starts in, then steps over the members of that day only.
 *
 * Lists: "posts" (published posts), "blog" (posts and aggregated posts, /blog), "category:<c>",
 * "genre:<genre id>", "location:<location id>", "tag:<tag>", "mixtapes", "releases". Pure
 * TypeScript; `npx tsx scripts/fts-triggers.ts` writes the migration.
 */

import { LIST_KIND } from "@worker/content/d1/list-kind";
import { extrasSql } from "./extras-sql";

/** The count rows a member adds to or takes from: the whole list and its year, month and day. */
const LEVELS: [number, string][] = [
  [0, "''"],
  [1, "substr(%, 1, 4)"],
  [2, "substr(%, 1, 7)"],
  [3, "substr(%, 1, 10)"],
];

function trigger(name: string, event: string, body: string[]): string {
  return `CREATE TRIGGER ${name} AFTER ${event} FOR EACH ROW BEGIN\n  ${body.join("\n  ")}\nEND;`;
}

const countTriggers = [
  trigger("list_items_count", "INSERT ON list_items", [
    `INSERT INTO list_counts (level, list, bucket, n) VALUES ${LEVELS.map(
      ([level, bucket]) => `(${level}, new.list, ${bucket.replace("%", "new.sort")}, 1)`,
    ).join(", ")} ON CONFLICT (level, list, bucket) DO UPDATE SET n = n + 1;`,
  ]),
  trigger(
    "list_items_uncount",
    "DELETE ON list_items",
    LEVELS.flatMap(([level, bucket]) => {
      const key = `level = ${level} AND list = old.list AND bucket = ${bucket.replace("%", "old.sort")}`;
      return [
        `UPDATE list_counts SET n = n - 1 WHERE ${key};`,
        `DELETE FROM list_counts WHERE ${key} AND n <= 0;`,
      ];
    }),
  ),
];

/**
 * The list entries of the published posts `where` selects (a condition on alias p that names
 * its rows by id, so SQLite looks them up by rowid; `+` keeps it off the pub_status index).
 */
export function postEntries(where: string): string[] {
  // One statement per list: D1 allows few terms in a compound SELECT.
  const of = (list: string, join = "") =>
    `INSERT OR IGNORE INTO list_items (list, sort, kind, id) SELECT ${list}, p.post_date, ${LIST_KIND.post}, p.id FROM posts p ${join} WHERE ${where} AND +p.pub_status = 'published';`;
  return [
    of("'posts'"),
    of("'blog'"),
    of("'category:' || p.category"),
    of("'genre:' || x.genre_id", "JOIN post_genres x ON x.post_id = p.id"),
    of("'location:' || x.location_id", "JOIN post_locations x ON x.post_id = p.id"),
    of("'tag:' || x.tag", "JOIN post_tags x ON x.post_id = p.id"),
  ];
}

/** One list a table's published rows belong to, dated by `date`. */
interface SingleList {
  table: string;
  list: string;
  kind: number;
  date: string;
}

const SINGLE_LISTS: SingleList[] = [
  { table: "aggregated_posts", list: "blog", kind: LIST_KIND.aggregated, date: "published_date" },
  { table: "mixtapes", list: "mixtapes", kind: LIST_KIND.mixtape, date: "release_date" },
  { table: "releases", list: "releases", kind: LIST_KIND.release, date: "release_date" },
];

function singleEntries(t: SingleList, where: string): string {
  return `INSERT OR IGNORE INTO list_items (list, sort, kind, id) SELECT '${t.list}', r.${t.date}, ${t.kind}, r.id FROM ${t.table} r WHERE ${where} AND +r.pub_status = 'published';`;
}

const forget = (kind: number, id: string) => `DELETE FROM list_items WHERE kind = ${kind} AND id = ${id};`;

/** A link table of posts: its rows put a post on one more list. */
function linkTriggers(table: string, list: string): string[] {
  const add = (row: "new") =>
    `INSERT OR IGNORE INTO list_items (list, sort, kind, id) SELECT ${list.replaceAll("%", row)}, p.post_date, ${LIST_KIND.post}, p.id FROM posts p WHERE p.id = ${row}.post_id AND +p.pub_status = 'published';`;
  const drop = `DELETE FROM list_items WHERE kind = ${LIST_KIND.post} AND id = old.post_id AND list = ${list.replaceAll("%", "old")};`;
  return [
    trigger(`${table}_list_insert`, `INSERT ON ${table}`, [add("new")]),
    trigger(`${table}_list_delete`, `DELETE ON ${table}`, [drop]),
    trigger(`${table}_list_update`, `UPDATE ON ${table}`, [drop, add("new")]),
  ];
}

export function listTriggerSql(): string[] {
  return [
    ...countTriggers,
    trigger("posts_list_insert", "INSERT ON posts", postEntries("p.id = new.id")),
    trigger("posts_list_update", "UPDATE OF id, post_date, category, pub_status ON posts", [
      forget(LIST_KIND.post, "old.id"),
      ...postEntries("p.id = new.id"),
    ]),
    trigger("posts_list_delete", "DELETE ON posts", [forget(LIST_KIND.post, "old.id")]),
    ...linkTriggers("post_genres", "'genre:' || %.genre_id"),
    ...linkTriggers("post_locations", "'location:' || %.location_id"),
    ...linkTriggers("post_tags", "'tag:' || %.tag"),
    ...SINGLE_LISTS.flatMap((t) => [
      trigger(`${t.table}_list_insert`, `INSERT ON ${t.table}`, [singleEntries(t, "r.id = new.id")]),
      trigger(`${t.table}_list_update`, `UPDATE OF id, ${t.date}, pub_status ON ${t.table}`, [
        forget(t.kind, "old.id"),
        singleEntries(t, "r.id = new.id"),
      ]),
      trigger(`${t.table}_list_delete`, `DELETE ON ${t.table}`, [forget(t.kind, "old.id")]),
    ]),
  ];
}

/** The tables, their triggers, and the entries of everything the store already holds. */
export function listIndexSql(): string[] {
  return [
    `CREATE TABLE list_items (
  list TEXT NOT NULL,
  sort TEXT NOT NULL,
  kind INTEGER NOT NULL,
  id INTEGER NOT NULL,
  PRIMARY KEY (list, sort, kind, id)
) WITHOUT ROWID;`,
    "CREATE INDEX list_items_member ON list_items (kind, id);",
    `CREATE TABLE list_counts (
  level INTEGER NOT NULL,
  list TEXT NOT NULL,
  bucket TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (level, list, bucket)
) WITHOUT ROWID;`,
    "-- A release's purchase links were found by reading every link of every release.",
    "CREATE INDEX IF NOT EXISTS release_purchase_links_release ON release_purchase_links (release_id, position);",
    ...listTriggerSql(),
    "-- Fill the lists from what the store already holds (the count triggers count them).",
    ...postEntries("1"),
    ...SINGLE_LISTS.map((t) => singleEntries(t, "1")),
  ];
}

/** Everything 0007 adds besides the search triggers: the list index and the extras rows. */
export function flatListsSql(): string[] {
  return [...listIndexSql(), "-- One row of card and facet data per post and mixtape.", ...extrasSql()];
}
