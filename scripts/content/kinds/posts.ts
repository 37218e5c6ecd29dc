/** Blog posts: the body is the document of `content`. */
import { type Document, toDocument } from "../../../core/content/document";
import type { ColumnFields } from "../../../core/content/kind";
import { POST_FIELDS } from "../../../core/content/post";
import { documentToBlocks } from "../../../worker/content/strapi/blocks";
import { frontSchema, id, slugs } from "../schema";
import {
  ARTIST_IDS,
  defineKind,
  FORMER_SLUGS,
  flag,
  frontOf,
  IDS,
  json,
  ordered,
  type Row,
  redirectRows,
} from "./kind";

/** A post: its simple columns as core/content/post.ts defines them ('post_date' as '…T…:00.000Z'). */
export interface PostRecord extends ColumnFields<typeof POST_FIELDS> {
  id: number;
  slug: string;
  /** The body (core/content/document.ts); stored as JSON in posts.content. */
  content: Document;
  /** post_genres rows */
  genre_ids: number[];
  /** post_locations rows */
  location_ids: number[];
  /** post_tags rows (slug form) */
  tags: string[];
  /** post_artists rows, in order */
  artist_ids: number[];
  /** post_redirects rows: slugs it had before, oldest first, answered with a 301 */
  former_slugs: string[];
}

const ORDER =
  "id slug title artist_name excerpt content post_date category cover_image is_featured audio_platform primary_audio_url audio_file track_title pub_status publish_at genre_ids location_ids tags artist_ids former_slugs";

export const posts = defineKind<PostRecord>()({
  folder: "posts",
  key: "posts",
  table: "posts",
  schema: frontSchema(POST_FIELDS, {
    id,
    artists: slugs,
    genres: slugs,
    locations: slugs,
    tags: slugs,
    former_slugs: slugs,
  }),
  fields: POST_FIELDS,
  body: { column: "content", as: "document" },
  renames: true,
  images: ["cover_image"],
  media: ["audio_file"],
  resolve: (items, ctx) =>
    items.map(([p, id]) => {
      const { id: _id, genres: g, locations: l, tags, artists: named, former_slugs, ...front } = p.front;
      return ordered(ORDER, {
        id,
        slug: p.slug,
        ...front,
        content: ctx.body(p) as Document,
        genre_ids: ctx.refs(p, "genres", g, "genres"),
        location_ids: ctx.refs(p, "locations", l, "locations"),
        tags,
        artist_ids: ctx.refs(p, "artists", named, "artists"),
        former_slugs: ctx.formerSlugs(p, former_slugs),
      });
    }),
  toFront: (p, ctx) =>
    frontOf(POST_FIELDS, p, {
      id: p.id,
      artists: ctx.slugs("artists", p.artist_ids),
      genres: ctx.slugs("genres", p.genre_ids),
      locations: ctx.slugs("locations", p.location_ids),
      tags: p.tags,
      former_slugs: p.former_slugs,
    }),
  exportSql: [
    `SELECT p.*, ${IDS("post_genres", "genre_id", "post_id", "p")}, ${IDS("post_locations", "location_id", "post_id", "p")}, ${IDS("post_tags", "tag", "post_id", "p")}, ${ARTIST_IDS("post_artists", "post_id", "p")}, ${FORMER_SLUGS("post_redirects", "post_id", "p")} FROM posts p ORDER BY p.id`,
  ],
  read: ([posts = []]) =>
    posts.map(
      ({ genre_ids, location_ids, tags, content, is_featured, artist_ids, former_slugs, ...p }: Row) => ({
        ...(p as Omit<
          PostRecord,
          "genre_ids" | "location_ids" | "tags" | "content" | "is_featured" | "artist_ids" | "former_slugs"
        >),
        content: toDocument(json<unknown>(content, [])),
        is_featured: flag(is_featured),
        genre_ids: json<number[]>(genre_ids, []),
        location_ids: json<number[]>(location_ids, []),
        tags: json<string[]>(tags, []),
        artist_ids: json<number[]>(artist_ids, []),
        former_slugs: json<string[]>(former_slugs, []),
      }),
    ),
  upsert(records, ctx) {
    ctx.write(
      "posts",
      records.map(({ genre_ids, location_ids, tags, artist_ids, former_slugs, ...post }) => ctx.staged(post)),
      "id",
    );
    ctx.replace(records, "post_id", ["post_artists", "post_genres", "post_locations", "post_tags"]);
    ctx.write(
      "post_artists",
      ctx.credits(
        "post_id",
        records.flatMap((p) => p.artist_ids.map((artist_id) => ({ id: p.id, artist_id }))),
      ),
    );
    ctx.write(
      "post_genres",
      records.flatMap((p) => p.genre_ids.map((genre_id) => ({ post_id: p.id, genre_id }))),
    );
    ctx.write(
      "post_locations",
      records.flatMap((p) => p.location_ids.map((location_id) => ({ post_id: p.id, location_id }))),
    );
    ctx.write(
      "post_tags",
      records.flatMap((p) => p.tags.map((tag) => ({ post_id: p.id, tag }))),
    );
    ctx.write("post_redirects", redirectRows(records, "post_id"), "old_slug");
  },
  rows({ genre_ids, location_ids, tags, artist_ids, former_slugs, ...post }, ctx) {
    ctx.add("posts", post);
    ctx.credit("post_artists", "post_id", post.id, artist_ids);
    for (const genre_id of genre_ids) ctx.add("post_genres", { post_id: post.id, genre_id });
    for (const location_id of location_ids) ctx.add("post_locations", { post_id: post.id, location_id });
    for (const tag of tags) ctx.add("post_tags", { post_id: post.id, tag });
    for (const old_slug of former_slugs) ctx.add("post_redirects", { old_slug, post_id: post.id });
  },
  seed: {
    uid: "api::blog-post.blog-post",
    data: async (p, ctx) => ({
      slug: p.slug,
      content: documentToBlocks(p.content, await ctx.figures(p.content)),
      tags: p.tags.map((name) => ({ name })),
      genres: p.genre_ids.map((id) => ctx.doc("genres", id)),
      locations: p.location_ids.map((id) => ctx.doc("locations", id)),
      artists: ctx.artists(p.artist_ids),
      former_slugs: (p.former_slugs ?? []).map((slug) => ({ slug })),
    }),
  },
});
