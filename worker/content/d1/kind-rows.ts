import { type Fields, type SiteFields, simpleFields, siteFields, siteValue } from "@core/content/kind";

/**
 * A kind's simple columns (core/content/kind.ts) as D1 reads them: the SELECT list and the
 * domain fields of a row, so a new column of the definition is read without a line here.
 */

/**
 * `a.col, a.col2, …`: every simple column of the kind's table; `blank`: columns read as the given
 * SQL value instead (a lean list leaves long text in the table).
 */
export function columnList(
  fields: Fields,
  alias: string,
  blank: Readonly<Record<string, string>> = {},
): string {
  return simpleFields(fields)
    .map(([column]) => (column in blank ? `${blank[column]} AS ${column}` : `${alias}.${column}`))
    .join(", ");
}

/**
 * columnList for a lean list (the sitemap reads slug and date): required values as they are,
 * the others empty as their kind reads (NULL, '' or 0), so no large text leaves the table.
 */
export function leanColumnList(fields: Fields, alias: string): string {
  return simpleFields(fields)
    .map(([column, def]) => {
      const kept =
        def.value === "filled" ||
        def.value === "link" ||
        def.value === "instant" ||
        def.value === "day" ||
        (def.value === "moment" && def.fallback !== null) ||
        (def.value === "pick" && def.fallback !== null);
      if (kept) return `${alias}.${column}`;
      const empty =
        def.value === "text" ? "''" : def.value === "flag" || def.value === "count" ? "0" : "NULL";
      return `${empty} AS ${column}`;
    })
    .join(", ");
}

/** The domain fields a row's simple columns show (0/1 flags as booleans, blank names as null). */
export function siteOf<F extends Fields>(fields: F, row: object): SiteFields<F> {
  const out: Record<string, unknown> = {};
  const values = row as Record<string, unknown>;
  for (const [column, def] of siteFields(fields)) out[def.site] = siteValue(def, values[column]);
  return out as SiteFields<F>;
}
