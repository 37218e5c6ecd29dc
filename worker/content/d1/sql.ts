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
