/**
 * Pages of the list index (scripts/catalogue/list-sql.ts, docs/decisions/071-flat-lists.md):
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
}

export const namedList = (list: string): ListKey => ({ name: "?1", param: list });
export const genreList = (slug: string): ListKey => ({
  name: "(SELECT 'genre:' || id FROM genres WHERE slug = ?1)",
  param: slug,
});
export const locationList = (slug: string): ListKey => ({
  name: "(SELECT 'location:' || id FROM locations WHERE slug = ?1)",
  param: slug,
});

/** Text above every prefix of a date: the end of a count bucket's range. */
const TOP = "char(1114111)";

/** The buckets one level below `parent` (or the years), with how many members come before each. */
function level(name: string, level: number, parent?: string): string {
  const cum = "SUM(c.n) OVER (ORDER BY c.bucket DESC ROWS UNBOUNDED PRECEDING) - c.n";
  const within = parent
    ? `JOIN ${parent} ON c.bucket >= ${parent}.bucket AND c.bucket < ${parent}.bucket || ${TOP}`
    : "";
  const before = parent ? `${parent}.before + ${cum}` : cum;
  return `${name}_all AS (SELECT c.bucket, c.n, ${before} AS before FROM list_name
      JOIN list_counts c ON c.level = ${level} AND c.list = list_name.list ${within}),
    ${name} AS (SELECT bucket, before FROM ${name}_all WHERE before + n > ?2 ORDER BY bucket DESC LIMIT 1)`;
}

/**
 * The CTEs `list_name` and `page` (sort, kind, id of the members at offset ?2, ?3 of them, in
 * the list's order: newest first, posts before aggregated posts on equal dates). Parameters:
 * ?1 the key's, ?2 the offset, ?3 the page size.
 */
export function pageCtes(key: ListKey): string {
  return `WITH list_name(list) AS (SELECT ${key.name}),
    ${level("year", 1)},
    ${level("month", 2, "year")},
    ${level("day", 3, "month")},
    page AS (SELECT i.sort, i.kind, i.id FROM list_items i
      WHERE i.list = (SELECT list FROM list_name) AND i.sort < (SELECT bucket || ${TOP} FROM day)
      ORDER BY i.sort DESC, i.kind DESC, i.id DESC
      LIMIT ?3 OFFSET COALESCE((SELECT ?2 - before FROM day), 0))`;
}

/** How many members the list has. */
export function listTotal(db: D1Database, key: ListKey): D1PreparedStatement {
  return db
    .prepare(
      `SELECT COALESCE((SELECT n FROM list_counts WHERE level = 0 AND list = ${key.name}), 0) AS total`,
    )
    .bind(key.param);
}

/** `select` over the CTE `page` of the key's list (bound: key, offset, page size). */
export function listPage(
  db: D1Database,
  key: ListKey,
  select: string,
  offset: number,
  pageSize: number,
): D1PreparedStatement {
  return db.prepare(`${pageCtes(key)} ${select}`).bind(key.param, offset, pageSize);
}
