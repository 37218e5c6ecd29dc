import type { Page } from "@core/content/page";
import type { ListedPost, Post, PostFilter } from "@core/content/post";
import { DEFAULT_POST_PAGE_SIZE, paging, toPage } from "../paging";
import {
  AGGREGATED_COLUMNS,
  type AggregatedRow,
  POST_COLUMNS,
  type PostRow,
  toAggregatedPost,
  toPost,
} from "./rows";
import { likePattern, rowsOf, totalOf } from "./sql";

function postWhere(filter: PostFilter): { sql: string; params: unknown[] } {
  const clauses = ["p.pub_status = 'published'"];
  const params: unknown[] = [];
  if (filter.category) {
    clauses.push("p.category = ?");
    params.push(filter.category);
  }
  if (filter.tag) {
    clauses.push("EXISTS (SELECT 1 FROM post_tags t WHERE t.post_id = p.id AND t.tag = ?)");
    params.push(filter.tag);
  }
  // Several slugs OR within one list; lists AND together; an empty list is no filter (docs/product.md section 5).
  if (filter.genres?.length) {
    clauses.push(
      `EXISTS (SELECT 1 FROM post_genres pg JOIN genres g ON g.id = pg.genre_id
        WHERE pg.post_id = p.id AND g.slug IN (${filter.genres.map(() => "?").join(",")}))`,
    );
    params.push(...filter.genres);
  }
  if (filter.locations?.length) {
    clauses.push(
      `EXISTS (SELECT 1 FROM post_locations pl JOIN locations l ON l.id = pl.location_id
        WHERE pl.post_id = p.id AND l.slug IN (${filter.locations.map(() => "?").join(",")}))`,
    );
    params.push(...filter.locations);
  }
  const search = filter.search?.trim();
  if (search) {
    clauses.push(
      "(p.title LIKE ? ESCAPE '\\' OR p.artist_name LIKE ? ESCAPE '\\' OR p.excerpt LIKE ? ESCAPE '\\')",
    );
    const pattern = likePattern(search);
    params.push(pattern, pattern, pattern);
  }
  return { sql: clauses.join(" AND "), params };
}

/** Published posts, newest first, with the filters of docs/product.md section 7. */
export async function listPosts(db: D1Database, filter: PostFilter = {}): Promise<Page<Post>> {
  const { page, pageSize, offset } = paging(filter.page, filter.pageSize, DEFAULT_POST_PAGE_SIZE);
  const where = postWhere(filter);
  const [rows, count] = await db.batch([
    db
      .prepare(
        `SELECT ${POST_COLUMNS} FROM posts p WHERE ${where.sql}
         ORDER BY p.post_date DESC, p.id DESC LIMIT ? OFFSET ?`,
      )
      .bind(...where.params, pageSize, offset),
    db.prepare(`SELECT COUNT(*) AS total FROM posts p WHERE ${where.sql}`).bind(...where.params),
  ]);
  const total = totalOf(count);
  return toPage(rowsOf<PostRow>(rows).map(toPost), page, pageSize, total);
}

/** One published post by slug, or null. */
export async function getPost(db: D1Database, slug: string): Promise<Post | null> {
  const row = await db
    .prepare(`SELECT ${POST_COLUMNS} FROM posts p WHERE p.slug = ? AND p.pub_status = 'published'`)
    .bind(slug)
    .first<PostRow>();
  return row ? toPost(row) : null;
}

/**
 * The unfiltered /blog listing: posts and aggregated posts merged by date (degrade.ts narrows a
 * filtered one to blog posts).
 */
export async function listCombinedPosts(db: D1Database, filter: PostFilter = {}): Promise<Page<ListedPost>> {
  const { page, pageSize, offset } = paging(filter.page, filter.pageSize, DEFAULT_POST_PAGE_SIZE);
  const [keys, count] = await db.batch([
    db
      .prepare(
        `SELECT kind, id FROM (
           SELECT 'post' AS kind, id, post_date AS d FROM posts WHERE pub_status = 'published'
           UNION ALL
           SELECT 'aggregated' AS kind, id, published_date AS d FROM aggregated_posts
             WHERE pub_status = 'published')
         ORDER BY d DESC, kind DESC, id DESC LIMIT ? OFFSET ?`,
      )
      .bind(pageSize, offset),
    db.prepare(
      `SELECT (SELECT COUNT(*) FROM posts WHERE pub_status = 'published') +
              (SELECT COUNT(*) FROM aggregated_posts WHERE pub_status = 'published') AS total`,
    ),
  ]);
  const order = rowsOf<{ kind: "post" | "aggregated"; id: number }>(keys);
  const postIds = order.filter((k) => k.kind === "post").map((k) => k.id);
  const aggIds = order.filter((k) => k.kind === "aggregated").map((k) => k.id);
  const [postRows, aggRows] = await Promise.all([
    postIds.length
      ? db
          .prepare(`SELECT ${POST_COLUMNS} FROM posts p WHERE p.id IN (${postIds.map(() => "?").join(",")})`)
          .bind(...postIds)
          .all<PostRow>()
      : null,
    aggIds.length
      ? db
          .prepare(
            `SELECT ${AGGREGATED_COLUMNS} FROM aggregated_posts g WHERE g.id IN (${aggIds.map(() => "?").join(",")})`,
          )
          .bind(...aggIds)
          .all<AggregatedRow>()
      : null,
  ]);
  const posts = new Map((postRows?.results ?? []).map((r) => [r.id, toPost(r)]));
  const aggregated = new Map((aggRows?.results ?? []).map((r) => [r.id, toAggregatedPost(r)]));
  const items: ListedPost[] = [];
  for (const key of order) {
    const post = key.kind === "post" ? posts.get(key.id) : undefined;
    const agg = key.kind === "aggregated" ? aggregated.get(key.id) : undefined;
    if (post) items.push({ kind: "post", ...post });
    if (agg) items.push({ kind: "aggregated", ...agg });
  }
  const total = totalOf(count);
  return toPage(items, page, pageSize, total);
}
