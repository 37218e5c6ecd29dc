import type { Page } from "@core/content/page";
import type { ListedPost, Post, PostFilter } from "@core/content/post";
import { DEFAULT_POST_PAGE_SIZE, paging, toPage } from "../paging";
import {
  type DatedIndex,
  genreList,
  LIST_KIND,
  type ListKey,
  leanPage,
  listPage,
  listTotal,
  locationList,
  namedList,
} from "./lists";
import {
  AGGREGATED_COLUMNS,
  type AggregatedRow,
  LEAN_POST_COLUMNS,
  POST_COLUMNS,
  POST_EXTRAS,
  type PostRow,
  toAggregatedPost,
  toPost,
} from "./rows";
import { formerSlug, likePattern, rowsOf, totalOf } from "./sql";

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

/**
 * The list of the list index a filter pages through: every post, or one category, tag, genre or
 * location (the blog's pages). null for a search or several filters at once.
 */
function indexedList(filter: PostFilter): ListKey | null {
  if (filter.search?.trim()) return null;
  const genres = filter.genres ?? [];
  const locations = filter.locations ?? [];
  const keys = [
    filter.category ? namedList(`category:${filter.category}`) : null,
    filter.tag ? namedList(`tag:${filter.tag}`) : null,
    genres.length === 1 ? genreList(genres[0] as string) : genres.length ? undefined : null,
    locations.length === 1 ? locationList(locations[0] as string) : locations.length ? undefined : null,
  ].filter((k) => k !== null);
  if (keys.length === 0) return namedList("posts");
  return keys.length === 1 && keys[0] ? keys[0] : null;
}

/** The published posts in the order of their list (`posts`), through posts_published_date. */
const PUBLISHED_POSTS: DatedIndex = {
  table: "posts",
  alias: "p",
  date: "post_date",
  order: "p.post_date DESC, p.id",
};

/** Published posts, newest first, with the filters of docs/product.md section 7. */
export async function listPosts(db: D1Database, filter: PostFilter = {}): Promise<Page<Post>> {
  const { page, pageSize, offset } = paging(filter.page, filter.pageSize, DEFAULT_POST_PAGE_SIZE);
  const key = indexedList(filter);
  if (key?.param === "posts" && filter.lean) {
    // Every published post, slug and date (the sitemap): the posts' rows alone, one a post.
    const [rows, count] = await db.batch([
      await leanPage(db, key, PUBLISHED_POSTS, LEAN_POST_COLUMNS, offset, pageSize),
      listTotal(db, key),
    ]);
    return toPage(rowsOf<PostRow>(rows).map(toPost), page, pageSize, totalOf(count));
  }
  if (key) {
    const [rows, count] = await db.batch([
      await listPage(
        db,
        key,
        `SELECT ${filter.lean ? LEAN_POST_COLUMNS : POST_COLUMNS} FROM page s JOIN posts p ON p.id = s.id
         ${filter.lean ? "" : POST_EXTRAS}
         ORDER BY s.sort DESC, s.id DESC`,
        offset,
        pageSize,
      ),
      listTotal(db, key),
    ]);
    return toPage(rowsOf<PostRow>(rows).map(toPost), page, pageSize, totalOf(count));
  }
  // Searches and several filters at once: only the API asks for them.
  const where = postWhere(filter);
  const [rows, count] = await db.batch([
    db
      .prepare(
        `SELECT ${POST_COLUMNS} FROM posts p ${POST_EXTRAS} WHERE ${where.sql}
         ORDER BY p.post_date DESC, p.id DESC LIMIT ? OFFSET ?`,
      )
      .bind(...where.params, pageSize, offset),
    db.prepare(`SELECT COUNT(*) AS total FROM posts p WHERE ${where.sql}`).bind(...where.params),
  ]);
  const total = totalOf(count);
  return toPage(rowsOf<PostRow>(rows).map(toPost), page, pageSize, total);
}

/**
 * One published post by slug, or by a slug it had before (then its `slug` differs from the one
 * asked for, and the page redirects); a post that has the slug now wins. Null for neither.
 * `drafts`: the post with that slug whatever its status, a preview's read (no former slugs).
 */
export async function getPost(db: D1Database, slug: string, drafts = false): Promise<Post | null> {
  const status = drafts ? "" : " AND p.pub_status = 'published'";
  const read = (where: string) =>
    db
      .prepare(`SELECT ${POST_COLUMNS} FROM posts p ${POST_EXTRAS} WHERE ${where}${status}`)
      .bind(slug)
      .first<PostRow>();
  const row = (await read("p.slug = ?1")) ?? (drafts ? null : await read(formerSlug("p", "posts")));
  return row ? toPost(row) : null;
}

/**
 * The unfiltered /blog listing: posts and aggregated posts merged by date (degrade.ts narrows a
 * filtered one to blog posts).
 */
export async function listCombinedPosts(db: D1Database, filter: PostFilter = {}): Promise<Page<ListedPost>> {
  const { page, pageSize, offset } = paging(filter.page, filter.pageSize, DEFAULT_POST_PAGE_SIZE);
  const blog = namedList("blog");
  const [keys, count] = await db.batch([
    await listPage(db, blog, "SELECT kind, id FROM page", offset, pageSize),
    listTotal(db, blog),
  ]);
  const order = rowsOf<{ kind: number; id: number }>(keys);
  const isPost = (k: { kind: number }) => k.kind === LIST_KIND.post;
  const postIds = order.filter(isPost).map((k) => k.id);
  const aggIds = order.filter((k) => !isPost(k)).map((k) => k.id);
  const [postRows, aggRows] = await Promise.all([
    postIds.length
      ? db
          .prepare(
            `SELECT ${POST_COLUMNS} FROM posts p ${POST_EXTRAS} WHERE p.id IN (${postIds.map(() => "?").join(",")})`,
          )
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
    const post = isPost(key) ? posts.get(key.id) : undefined;
    const agg = isPost(key) ? undefined : aggregated.get(key.id);
    if (post) items.push({ kind: "post", ...post });
    if (agg) items.push({ kind: "aggregated", ...agg });
  }
  const total = totalOf(count);
  return toPage(items, page, pageSize, total);
}
