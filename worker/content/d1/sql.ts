/**
 * D1 refuses a LIKE pattern longer than 50 bytes ("LIKE or GLOB pattern too complex"), which
 * any search over about 48 bytes reached as a 500 (found by tests/worker/fuzz-queries.test.ts).
 */
export const MAX_LIKE_PATTERN_BYTES = 50;

/**
 * Escapes LIKE wildcards so visitor text matches literally (used with ESCAPE '\'). Text whose
 * pattern would pass D1's limit is cut, whole characters at a time, to fit: the search then
 * matches on its first words, which still finds what the visitor typed.
 */
export function likePattern(text: string): string {
  const encoder = new TextEncoder();
  let escaped = "";
  for (const char of text) {
    const next = escaped + char.replace(/[\\%_]/g, (c) => `\\${c}`);
    if (encoder.encode(next).length + 2 > MAX_LIKE_PATTERN_BYTES) break;
    escaped = next;
  }
  return `%${escaped}%`;
}

/** The rows of one statement's result in a D1 batch. */
export function rowsOf<T>(result: D1Result | undefined): T[] {
  return (result?.results ?? []) as T[];
}

/** The `total` column of a COUNT(*) statement's result in a D1 batch. */
export function totalOf(result: D1Result | undefined): number {
  return rowsOf<{ total: number }>(result)[0]?.total ?? 0;
}

/**
 * The row of `alias` that ?1 names by slug or numeric id. Both sides are looked up in an index
 * (the slug's, the rowid): comparing `CAST(id AS TEXT)` read every row of the table.
 */
export const bySlugOrId = (alias: string) =>
  `(${alias}.slug = ?1 OR ${alias}.id = (CASE WHEN CAST(CAST(?1 AS INTEGER) AS TEXT) = ?1 THEN CAST(?1 AS INTEGER) END))`;

/**
 * A kind's table of former slugs (migrations/0017_slug_redirects.sql, and artists' of
 * migrations/0008_artists.sql): `posts` keeps them in post_redirects, by post_id.
 */
export function redirectsOf(table: string): { table: string; owner: string } {
  const one = table.replace(/s$/, "");
  return { table: `${one}_redirects`, owner: `${one}_id` };
}

/**
 * The row of `alias` (a row of `table`) whose former slugs hold ?1
 * (docs/decisions/151-renamed-slugs-redirect.md): read only when no row has ?1 as its slug or id,
 * so an item that has the slug now wins over one that gave it up. A query of its own: OR-ed onto
 * `bySlugOrId`, the lookup made SQLite read every row of the table (tests/worker/scale.test.ts).
 */
export function formerSlug(alias: string, table: string): string {
  const r = redirectsOf(table);
  return `${alias}.id = (SELECT ${r.owner} FROM ${r.table} WHERE old_slug = ?1)`;
}

/** The slug an item of `table` was first published under, when renamed since: its oldest former slug. */
export function firstSlugColumn(alias: string, table: string): string {
  const r = redirectsOf(table);
  return `(SELECT old_slug FROM ${r.table} WHERE ${r.owner} = ${alias}.id ORDER BY rowid LIMIT 1) AS first_slug`;
}

/** `firstSlug` of a row that read `firstSlugColumn`: left out for an item never renamed. */
export const firstSlugOf = (row: { first_slug?: string | null }) =>
  row.first_slug ? { firstSlug: row.first_slug } : {};
