import { type CoreItem, LISTED_KINDS, type Listing } from "@core/content/catalogue";
import type { Fields, RowFields } from "@core/content/kind";
import type { CoreReads, KindReads } from "../listed-reads";
import { columnList, leanColumnList, siteOf } from "./kind-rows";
import { datedTable } from "./published";
import { identity } from "./rows";

/**
 * The D1 reads of a listed kind that has none of its own (docs/decisions/138-core-reads-of-listed-kinds.md):
 * its table's id, slug and simple columns (core/content/kind.ts), listed through the list index
 * by its date, searched by title.
 */

/** A row of a listed kind's table as its core reads select it. */
export type CoreRow<F extends Fields> = { id: number; slug: string; title: string } & RowFields<F>;

/** The alias of the kind's table in the core reads' SQL. */
const A = "k";

/** The dated table of a listing: what `datedTable` reads for it. */
export function coreTable<F extends Fields>(listing: Listing<F>) {
  const own = `${A}.id, ${A}.slug`;
  const columns = `${own}, ${columnList(listing.fields, A)}`;
  return {
    table: listing.table,
    alias: A,
    date: listing.date,
    columns,
    extras: "",
    cardColumns: columns,
    leanColumns: `${own}, ${leanColumnList(listing.fields, A)}`,
    searchWhere: `${A}.title LIKE ?1 ESCAPE '\\'`,
    toItem: (row: CoreRow<F>): CoreItem<F> => ({ ...siteOf(listing.fields, row), ...identity(row) }),
  };
}

/** The list and detail reads of a listing, newest first by its date; one by slug or numeric id. */
export function listingReads<F extends Fields>(listing: Listing<F>): KindReads<D1Database, CoreItem<F>> {
  return datedTable(coreTable(listing));
}

/** The core reads of every listed kind. */
export const d1CoreReads: CoreReads<D1Database> = (kind) => listingReads(LISTED_KINDS[kind]);
