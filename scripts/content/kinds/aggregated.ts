/** Aggregated posts: stories from elsewhere, named by their original_url; files named after the title. */
import * as v from "valibot";
import { AGGREGATED_FIELDS } from "../../../core/content/aggregated-post";
import { type Document, toDocument } from "../../../core/content/document";
import type { ColumnFields } from "../../../core/content/kind";
import { documentToBlocks } from "../../../worker/content/strapi/blocks";
import { slugify } from "../format";
import { frontSchema, id, slugs, taxonRef } from "../schema";
import { ARTIST_IDS, defineKind, frontOf, json, ordered, type TaxonRef } from "./kind";

/** An aggregated post: its simple columns as core/content/aggregated-post.ts defines them. */
export interface AggregatedPostRecord extends ColumnFields<typeof AGGREGATED_FIELDS> {
  id: number;
  /** The body (core/content/document.ts); stored as JSON in aggregated_posts.content. */
  content: Document;
  genres: TaxonRef[];
  locations: TaxonRef[];
  /** aggregated_post_artists rows, in order */
  artist_ids: number[];
}

const ORDER =
  "id original_url title artist_name excerpt content published_date featured_image genres locations audio pub_status publish_at artist_ids";

export const aggregated = defineKind<AggregatedPostRecord>()({
  folder: "aggregated",
  key: "aggregatedPosts",
  table: "aggregated_posts",
  keyColumn: "original_url",
  keyOf: (a) => a.front.original_url,
  schema: frontSchema(AGGREGATED_FIELDS, {
    id,
    artists: slugs,
    genres: v.optional(v.array(taxonRef, "must be a list of {name, slug}"), []),
    locations: v.optional(v.array(taxonRef, "must be a list of {name, slug}"), []),
  }),
  fields: AGGREGATED_FIELDS,
  body: { column: "content", as: "document" },
  images: ["featured_image"],
  media: ["audio"],
  resolve: (items, ctx) =>
    items.map(([a, id]) => {
      const { id: _id, artists: named, ...front } = a.front;
      return ordered(ORDER, {
        id,
        ...front,
        content: ctx.body(a) as Document,
        artist_ids: ctx.refs(a, "artists", named, "artists"),
      });
    }),
  fileName(a, taken) {
    const name = slugify(a.title) || "aggregated";
    return taken.has(name) ? `${name}-${a.id}` : name;
  },
  toFront: (a, ctx) =>
    frontOf(AGGREGATED_FIELDS, a, {
      id: a.id,
      artists: ctx.slugs("artists", a.artist_ids),
      genres: a.genres.map((t) => ({ name: t.name, slug: t.slug })),
      locations: a.locations.map((t) => ({ name: t.name, slug: t.slug })),
    }),
  exportSql: [
    `SELECT g.*, ${ARTIST_IDS("aggregated_post_artists", "aggregated_post_id", "g")} FROM aggregated_posts g ORDER BY g.id`,
  ],
  read: ([aggregated = []]) =>
    aggregated.map((a) => ({
      ...(a as unknown as AggregatedPostRecord),
      content: toDocument(json<unknown>(a.content, [])),
      genres: json(a.genres, []),
      locations: json(a.locations, []),
      artist_ids: json<number[]>(a.artist_ids, []),
    })),
  upsert(records, ctx) {
    ctx.write(
      "aggregated_posts",
      records.map(({ artist_ids, ...a }) => a),
      "id",
    );
    ctx.replace(records, "aggregated_post_id", ["aggregated_post_artists"]);
    ctx.write(
      "aggregated_post_artists",
      ctx.credits(
        "aggregated_post_id",
        records.flatMap((a) => a.artist_ids.map((artist_id) => ({ id: a.id, artist_id }))),
      ),
    );
  },
  rows({ artist_ids, ...a }, ctx) {
    ctx.add("aggregated_posts", a);
    ctx.credit("aggregated_post_artists", "aggregated_post_id", a.id, artist_ids);
  },
  seed: {
    uid: "api::aggregated-post.aggregated-post",
    data: async (a, ctx) => ({
      content: documentToBlocks(a.content, await ctx.figures(a.content)),
      genres: a.genres.map((g) => ctx.docBySlug("genres", g.slug)).filter(Boolean),
      locations: a.locations.map((l) => ctx.docBySlug("locations", l.slug)).filter(Boolean),
      artists: ctx.artists(a.artist_ids),
    }),
  },
});
