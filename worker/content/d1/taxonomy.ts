import type { Genre, Location } from "@core/content/types";

/** Genres with their published post counts; zero counts hidden, most posts first (docs/product.md section 7). */
export async function listGenres(db: D1Database): Promise<Genre[]> {
  const { results } = await db
    .prepare(
      `SELECT g.id, g.name, g.slug, COUNT(p.id) AS postCount
       FROM genres g JOIN post_genres pg ON pg.genre_id = g.id
       JOIN posts p ON p.id = pg.post_id AND p.pub_status = 'published'
       GROUP BY g.id HAVING postCount > 0 ORDER BY postCount DESC, g.name ASC`,
    )
    .all<Genre>();
  return results;
}

/** Locations with their published post counts, as for genres. */
export async function listLocations(db: D1Database): Promise<Location[]> {
  const { results } = await db
    .prepare(
      `SELECT l.id, l.name, l.slug, l.type, COUNT(p.id) AS postCount
       FROM locations l JOIN post_locations pl ON pl.location_id = l.id
       JOIN posts p ON p.id = pl.post_id AND p.pub_status = 'published'
       GROUP BY l.id HAVING postCount > 0 ORDER BY postCount DESC, l.name ASC`,
    )
    .all<Location>();
  return results;
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
