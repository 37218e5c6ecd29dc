import type { Genre, Location } from "@core/content/taxon";

/**
 * A taxonomy with its published post counts; zero counts hidden, most posts first
 * (docs/product.md section 7). `link` is the join table from posts to `table`.
 */
async function withPostCounts<T>(
  db: D1Database,
  table: "genres" | "locations",
  link: { table: string; key: string },
  columns: string,
): Promise<T[]> {
  const { results } = await db
    .prepare(
      `SELECT ${columns}, COUNT(p.id) AS postCount
       FROM ${table} x JOIN ${link.table} j ON j.${link.key} = x.id
       JOIN posts p ON p.id = j.post_id AND p.pub_status = 'published'
       GROUP BY x.id HAVING postCount > 0 ORDER BY postCount DESC, x.name ASC`,
    )
    .all<T>();
  return results;
}

export function listGenres(db: D1Database): Promise<Genre[]> {
  return withPostCounts(db, "genres", { table: "post_genres", key: "genre_id" }, "x.id, x.name, x.slug");
}

export function listLocations(db: D1Database): Promise<Location[]> {
  return withPostCounts(
    db,
    "locations",
    { table: "post_locations", key: "location_id" },
    "x.id, x.name, x.slug, x.type",
  );
}

/** Tags in use on published posts, alphabetically. */
export async function listTags(db: D1Database): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT DISTINCT t.tag FROM post_tags t JOIN posts p ON p.id = t.post_id
       WHERE p.pub_status = 'published' ORDER BY t.tag`,
    )
    .all<{ tag: string }>();
  return results.map((r) => r.tag);
}
