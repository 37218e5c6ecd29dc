import type { Genre, Location } from "@core/content/taxon";

/**
 * A taxonomy with its published post counts; zero counts hidden, most posts first
 * (docs/product.md section 7). The counts are the sizes of the lists "genre:<id>" and
 * "location:<id>" of the list index (docs/decisions/071-flat-lists.md): one row per value.
 */
async function withPostCounts<T>(
  db: D1Database,
  table: "genres" | "locations",
  list: "genre" | "location",
  columns: string,
): Promise<T[]> {
  const { results } = await db
    .prepare(
      `SELECT ${columns}, c.n AS postCount
       FROM list_counts c JOIN ${table} x ON x.id = CAST(substr(c.list, ${list.length + 2}) AS INTEGER)
       WHERE c.level = 0 AND c.list >= '${list}:' AND c.list < '${list};' AND c.n > 0
       ORDER BY postCount DESC, x.name ASC`,
    )
    .all<T>();
  return results;
}

export function listGenres(db: D1Database): Promise<Genre[]> {
  return withPostCounts(db, "genres", "genre", "x.id, x.name, x.slug");
}

export function listLocations(db: D1Database): Promise<Location[]> {
  return withPostCounts(db, "locations", "location", "x.id, x.name, x.slug, x.type");
}

/** Tags in use on published posts, alphabetically: the lists "tag:<tag>". */
export async function listTags(db: D1Database): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT substr(list, 5) AS tag FROM list_counts
       WHERE level = 0 AND list >= 'tag:' AND list < 'tag;' AND n > 0 ORDER BY list`,
    )
    .all<{ tag: string }>();
  return results.map((r) => r.tag);
}
