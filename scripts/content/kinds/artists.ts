/** Artists (migrations/0008_artists.sql): the body is the bio; `former_slugs` answer with a redirect. */
import * as v from "valibot";
import { ARTIST_FIELDS } from "../../../core/content/artist";
import { type Document, storedDocument } from "../../../core/content/document";
import type { ColumnFields } from "../../../core/content/kind";
import { documentToBlocks } from "../../../worker/content/strapi/blocks";
import { frontSchema, id, platformLink, slug, slugs } from "../schema";
import { defineKind, frontOf, IDS, json, linksFront, linksSeed, type Row } from "./kind";

export interface ArtistLinkRecord {
  id: number;
  artist_id: number;
  /** bandcamp, soundcloud, instagram, website, … or custom */
  platform: string;
  custom_platform_name: string | null;
  url: string;
  position: number;
}

/** An artist: its simple columns as core/content/artist.ts defines them, its genres and links folded in. */
export interface ArtistRecord extends ColumnFields<typeof ARTIST_FIELDS> {
  id: number;
  slug: string;
  /** Markdown paragraphs joined by blank lines. */
  /** The body (core/content/document.ts); stored as JSON. */
  bio: Document;
  location_id: number | null;
  /** artist_genres rows */
  genre_ids: number[];
  links: ArtistLinkRecord[];
  /** artist_redirects rows: slugs the artist had before, answered with a 301 */
  former_slugs: string[];
}

export const artists = defineKind<ArtistRecord>()({
  folder: "artists",
  key: "artists",
  table: "artists",
  schema: frontSchema(ARTIST_FIELDS, {
    id,
    location: v.nullish(slug, null),
    genres: slugs,
    links: v.optional(v.array(platformLink, "must be a list of {platform, url}"), []),
    former_slugs: slugs,
  }),
  fields: ARTIST_FIELDS,
  body: { column: "bio", as: "document" },
  renames: true,
  images: ["image"],
  nullOnDelete: { locations: "location_id" },
  resolve(items, ctx) {
    let linkId = 0;
    return items.map(([a, id]) => {
      const locationId = ctx.ref(a, "location", a.front.location, "locations");
      return {
        id,
        slug: a.slug,
        name: a.front.name,
        kind: a.front.kind,
        bio: ctx.body(a) as Document,
        image: a.front.image,
        location_id: locationId,
        pub_status: a.front.pub_status,
        publish_at: a.front.publish_at,
        genre_ids: ctx.refs(a, "genres", a.front.genres, "genres"),
        links: a.front.links.map((link, position) => ({
          id: ++linkId,
          artist_id: id,
          platform: link.platform,
          custom_platform_name: link.custom_platform_name,
          url: link.url,
          position,
        })),
        former_slugs: ctx.formerSlugs(a, a.front.former_slugs),
      };
    });
  },
  toFront: (a, ctx) =>
    frontOf(ARTIST_FIELDS, a, {
      id: a.id,
      location: ctx.slug("locations", a.location_id),
      genres: ctx.slugs("genres", a.genre_ids),
      links: linksFront(a.links),
      former_slugs: a.former_slugs,
    }),
  exportSql: [
    `SELECT a.*, ${IDS("artist_genres", "genre_id", "artist_id", "a")}, (SELECT json_group_array(old_slug) FROM (SELECT old_slug FROM artist_redirects WHERE artist_id = a.id ORDER BY rowid)) AS former_slugs FROM artists a ORDER BY a.id`,
    "SELECT * FROM artist_links ORDER BY artist_id, position, id",
  ],
  read: ([artists = [], artistLinks = []]) =>
    artists.map(({ genre_ids, former_slugs, ...a }: Row) => ({
      ...(a as unknown as Omit<ArtistRecord, "genre_ids" | "former_slugs" | "links">),
      bio: storedDocument(a.bio),
      genre_ids: json<number[]>(genre_ids, []),
      links: artistLinks
        .filter((l) => l.artist_id === a.id)
        .map((l) => l as unknown as ArtistRecord["links"][number]),
      former_slugs: json<string[]>(former_slugs, []),
    })),
  upsert(records, ctx) {
    ctx.write(
      "artists",
      records.map(({ genre_ids, links, former_slugs, ...a }) => a),
      "id",
    );
    ctx.replace(records, "artist_id", ["artist_genres", "artist_links"]);
    ctx.write(
      "artist_genres",
      records.flatMap((a) => a.genre_ids.map((genre_id) => ({ artist_id: a.id, genre_id }))),
    );
    ctx.write(
      "artist_links",
      records.flatMap((a) => a.links.map(({ id: _id, ...link }) => link)),
    );
    // A former slug moves to the artist that names it now.
    ctx.write(
      "artist_redirects",
      records.flatMap((a) => a.former_slugs.map((old_slug) => ({ old_slug, artist_id: a.id }))),
      "old_slug",
    );
  },
  rows({ genre_ids, links, former_slugs, ...artist }, ctx) {
    ctx.add("artists", artist);
    for (const genre_id of genre_ids) ctx.add("artist_genres", { artist_id: artist.id, genre_id });
    for (const link of links) ctx.add("artist_links", { ...link });
    for (const old_slug of former_slugs) ctx.add("artist_redirects", { old_slug, artist_id: artist.id });
  },
  seed: {
    uid: "api::artist.artist",
    data: async (a, ctx) => ({
      slug: a.slug,
      bio: documentToBlocks(a.bio, await ctx.figures(a.bio)),
      location: a.location_id ? ctx.doc("locations", a.location_id) : null,
      genres: a.genre_ids.map((id) => ctx.doc("genres", id)),
      links: linksSeed(a.links),
      former_slugs: (a.former_slugs ?? []).map((slug) => ({ slug })),
    }),
  },
});
