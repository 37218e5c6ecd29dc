import type { ListFilter, Page } from "@core/content/page";
import { DEFAULT_LIST_PAGE_SIZE, paging, toPage } from "../paging";
import { leanPage, listPage, listTotal, namedList } from "./lists";
import { bySlugOrId, formerSlug, likePattern, rowsOf, totalOf } from "./sql";

/** A catalogue table listed newest first by a date (mixtapes, releases, a kind's core reads). */
export interface DatedTable<R, T> {
  table: string;
  /** The table's alias in `columns` and `searchWhere`. */
  alias: string;
  /** The column its list is dated by, with an index on (pub_status, it). */
  date: string;
  /** What a detail page reads (after `FROM <table> <alias>` and `extras`). */
  columns: string;
  /** Joins `columns` and `cardColumns` read besides the table's row. */
  extras: string;
  /** What a list reads: what its cards show. */
  cardColumns: string;
  /** `columns` without the subqueries: what a lean list (the sitemap) reads. */
  leanColumns: string;
  /** The condition a search adds, on ?1: the LIKE pattern of the visitor's text. */
  searchWhere: string;
  toItem: (row: R) => T;
}

/** The list and detail reads of a dated table. */
export function datedTable<R, T>(t: DatedTable<R, T>) {
  return {
    list: (db: D1Database, filter: ListFilter = {}) => listPublished(db, t, filter),
    get: (db: D1Database, slugOrId: string, drafts = false) => getPublished(db, t, slugOrId, drafts),
  };
}

/** Published rows, newest first, with a search; page size 100 by default (docs/product.md section 9). */
async function listPublished<R, T>(
  db: D1Database,
  t: DatedTable<R, T>,
  filter: ListFilter,
): Promise<Page<T>> {
  const { page, pageSize, offset } = paging(filter.page, filter.pageSize, DEFAULT_LIST_PAGE_SIZE);
  const a = t.alias;
  const search = filter.search?.trim();
  if (!search) {
    // The list index holds the table's published rows in this order (docs/decisions/071).
    const list = namedList(t.table);
    // A lean list (the sitemap) reads the rows alone through their (pub_status, date) index.
    const index = {
      table: t.table,
      alias: a,
      date: t.date,
      order: `${a}.${t.date} DESC, ${a}.id`,
    };
    const [rows, count] = await db.batch([
      filter.lean
        ? await leanPage(db, list, index, t.leanColumns, offset, pageSize)
        : await listPage(
            db,
            list,
            `SELECT ${t.cardColumns} FROM page s JOIN ${t.table} ${a} ON ${a}.id = s.id ${t.extras}
             ORDER BY s.sort DESC, s.id DESC`,
            offset,
            pageSize,
          ),
      listTotal(db, list),
    ]);
    return toPage(rowsOf<R>(rows).map(t.toItem), page, pageSize, totalOf(count));
  }
  const where = `${a}.pub_status = 'published' AND ${t.searchWhere}`;
  const params = [likePattern(search)];
  const n = params.length;
  const [rows, count] = await db.batch([
    db
      .prepare(
        `SELECT ${t.cardColumns} FROM ${t.table} ${a} ${t.extras} WHERE ${where}
         ORDER BY ${a}.${t.date} DESC, ${a}.id DESC LIMIT ?${n + 1} OFFSET ?${n + 2}`,
      )
      .bind(...params, pageSize, offset),
    db.prepare(`SELECT COUNT(*) AS total FROM ${t.table} ${a} WHERE ${where}`).bind(...params),
  ]);
  return toPage(rowsOf<R>(rows).map(t.toItem), page, pageSize, totalOf(count));
}

/**
 * The published row a slug or numeric id names (docs/product.md section 2), else the one a slug
 * it had before names (docs/decisions/151-renamed-slugs-redirect.md), or null. `drafts`: the row
 * the slug or id names whatever its status, a preview's read (no former slugs).
 */
async function getPublished<R, T>(
  db: D1Database,
  t: DatedTable<R, T>,
  slugOrId: string,
  drafts: boolean,
): Promise<T | null> {
  const a = t.alias;
  const status = drafts ? "" : ` AND ${a}.pub_status = 'published'`;
  const read = (where: string) =>
    db
      .prepare(`SELECT ${t.columns} FROM ${t.table} ${a} ${t.extras} WHERE ${where}${status}`)
      .bind(slugOrId)
      .first<R>();
  const row = (await read(bySlugOrId(a))) ?? (drafts ? null : await read(formerSlug(a, t.table)));
  return row ? t.toItem(row) : null;
}
