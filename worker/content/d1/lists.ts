/**
 * Pages of the list index (scripts/content/sql/list-sql.ts, docs/decisions/071-flat-lists.md):
 * page k of a list without LIMIT … OFFSET over the whole list, and its size without COUNT(*).
 * The page's start is found through the list's counts per year, month and day (a few dozen
 * rows); the page then steps only over the members of the day it starts in.
 */

export { LIST_KIND } from "./list-kind";

/** A list of the index, named by an SQL expression on ?1 (a genre's slug gives its id's list). */
export interface ListKey {
  /** An SQL expression that gives the list's name from ?1. */
  name: string;
  param: string;
  /** The list pages in its sort's order (the artists, A–Z), not newest first. */
  ascending?: boolean;
}

export const namedList = (list: string): ListKey => ({ name: "?1", param: list });
export const genreList = (slug: string): ListKey => ({
  name: "(SELECT 'genre:' || id FROM genres WHERE slug = ?1)",
  param: slug,
});
export const mixtapeGenreList = (slug: string): ListKey => ({
  name: "(SELECT 'mixtapes:genre:' || id FROM genres WHERE slug = ?1)",
  param: slug,
});
export const locationList = (slug: string): ListKey => ({
  name: "(SELECT 'location:' || id FROM locations WHERE slug = ?1)",
  param: slug,
});

/** Text above every prefix of a date: the end of a count bucket's range. */
const TOP = String.fromCodePoint(0x10ffff);

/**
 * Where page k starts: within the bucket (a day, or the artists' three letters) that `bound`
 * ends (newest first) or starts (ascending), after `skip` members of that bucket.
 */
interface Start {
  bound: string;
  skip: number;
}

/**
 * The day the member at `offset` is dated, through the list's counts per year, then the months
 * of that year, then the days of that month (a few dozen rows in all), and how many members of
 * that day come before it. Summed here, not with window functions: SQLite's windows read each
 * row three times (docs/decisions/096). null: the list is shorter than the offset.
 */
async function seek(db: D1Database, key: ListKey, offset: number): Promise<Start | null> {
  let before = 0;
  let bucket: string | null = null;
  for (const level of [1, 2, 3]) {
    const parent: string | null = bucket;
    const within: string = parent === null ? "" : "AND bucket >= ?3 AND bucket < ?4";
    const { results }: D1Result<{ bucket: string; n: number }> = await db
      .prepare(
        `SELECT bucket, n FROM list_counts WHERE level = ?2 AND list = ${key.name} ${within} ORDER BY bucket ${key.ascending ? "" : "DESC"}`,
      )
      .bind(key.param, level, ...(parent === null ? [] : [parent, parent + TOP]))
      .all<{ bucket: string; n: number }>();
    const found: { bucket: string; n: number } | undefined = results.find((r) => {
      if (before + r.n > offset) return true;
      before += r.n;
      return false;
    });
    if (!found) return null;
    bucket = found.bucket;
  }
  return { bound: key.ascending ? (bucket ?? TOP) : (bucket ?? "") + TOP, skip: offset - before };
}

/**
 * The CTEs `list_name` and `page` (sort, kind, id of the members on the page, in the list's
 * order: newest first, posts before aggregated posts on equal dates). Parameters: ?1 the key's,
 * ?2 the members to skip, ?3 the page size, ?4 (after the first page) the end of the day the
 * page starts in.
 */
export function pageCtes(key: ListKey, first = false): string {
  // The first page starts at the top: nothing to seek.
  const from = first ? "" : key.ascending ? "AND i.sort >= ?4" : "AND i.sort < ?4";
  const order = key.ascending ? "i.sort, i.kind, i.id" : "i.sort DESC, i.kind DESC, i.id DESC";
  return `WITH list_name(list) AS (SELECT ${key.name}),
    page AS (SELECT i.sort, i.kind, i.id FROM list_items i WHERE i.list = (SELECT list FROM list_name) ${from}
      ORDER BY ${order} LIMIT ?3 OFFSET ?2)`;
}

/** The list's count rows at one level (1: years, or the artists' first letters), in its order. */
export function listBuckets(db: D1Database, key: ListKey, level: number): D1PreparedStatement {
  return db
    .prepare(
      `SELECT bucket, n FROM list_counts WHERE level = ?2 AND list = ${key.name} ORDER BY bucket ${key.ascending ? "" : "DESC"}`,
    )
    .bind(key.param, level);
}

/** How many members the list has. */
export function listTotal(db: D1Database, key: ListKey): D1PreparedStatement {
  return db
    .prepare(
      `SELECT COALESCE((SELECT n FROM list_counts WHERE level = 0 AND list = ${key.name}), 0) AS total`,
    )
    .bind(key.param);
}

/**
 * `select` over the CTE `page` of the key's list at `offset`: after the first page, the day it
 * starts in is found first (seek), then the page steps over the members of that day only.
 */
export async function listPage(
  db: D1Database,
  key: ListKey,
  select: string,
  offset: number,
  pageSize: number,
): Promise<D1PreparedStatement> {
  if (offset === 0) return db.prepare(`${pageCtes(key, true)} ${select}`).bind(key.param, 0, pageSize);
  const start = await seek(db, key, offset);
  // Past the end: a page of nothing (nothing sorts below '' or above TOP).
  const nothing = key.ascending ? TOP : "";
  return db
    .prepare(`${pageCtes(key)} ${select}`)
    .bind(key.param, start?.skip ?? 0, pageSize, start?.bound ?? nothing);
}

/**
 * A table whose published rows are exactly the members of a list, dated by the list's sort, with
 * an index on (pub_status, that date): posts, mixtapes, releases, events.
 */
export interface DatedIndex {
  table: string;
  alias: string;
  date: string;
  /** The ORDER BY the index gives without sorting, newest first (ties in the index's order). */
  order: string;
}

/**
 * A lean page (the sitemap's: slug and date) of a list whose members are a table's published
 * rows: the table read through its date index from the day the page starts in, one row a
 * member (docs/decisions/105-lean-pages.md). Joining the list's entries with the rows read three
 * rows a URL: the entry, the row and the join's order. Ties on a date keep the index's order,
 * the same on every lean page, so the pages tile the list.
 */
export async function leanPage(
  db: D1Database,
  key: ListKey,
  t: DatedIndex,
  columns: string,
  offset: number,
  pageSize: number,
): Promise<D1PreparedStatement> {
  const start = offset === 0 ? { bound: TOP, skip: 0 } : await seek(db, key, offset);
  const a = t.alias;
  return db
    .prepare(
      `SELECT ${columns} FROM ${t.table} ${a} WHERE ${a}.pub_status = 'published' AND ${a}.${t.date} < ?1
       ORDER BY ${t.order} LIMIT ?2 OFFSET ?3`,
    )
    .bind(start?.bound ?? "", pageSize, start?.skip ?? 0);
}

/**
 * A lean page of a list sorted by its members' slugs (the artists, A–Z), the sitemap's: the
 * slugs are the list's own sort, so the page reads the list's entries alone, one row a URL, from
 * the three letters it starts in (bench/decisions/109-framework-floor-loads-modules-like-the-site.md).
 */
export async function slugPage(
  db: D1Database,
  key: ListKey,
  offset: number,
  pageSize: number,
): Promise<D1PreparedStatement> {
  const start = offset === 0 ? { bound: "", skip: 0 } : await seek(db, key, offset);
  return db
    .prepare(
      `SELECT i.sort AS slug FROM list_items i WHERE i.list = ${key.name} AND i.sort >= ?2
       ORDER BY i.sort, i.kind, i.id LIMIT ?3 OFFSET ?4`,
    )
    .bind(key.param, start?.bound ?? TOP, pageSize, start?.skip ?? 0);
}
