/** Mixtapes: the body is the description; tracklist entries may link to artists. */
import * as v from "valibot";
import { type Document, storedDocument } from "../../../core/content/document";
import type { ColumnFields } from "../../../core/content/kind";
import { MIXTAPE_FIELDS } from "../../../core/content/mixtape";
import { documentToBlocks } from "../../../worker/content/strapi/blocks";
import { clock, filled, frontSchema, id, slugs, text } from "../schema";
import {
  ARTIST_IDS,
  defineKind,
  drop,
  ENTRY_ARTISTS,
  type EntryArtist,
  entryCredits,
  FORMER_SLUGS,
  flag,
  frontOf,
  IDS,
  json,
  ordered,
  type Row,
  redirectRows,
} from "./kind";

export interface TracklistEntry {
  position: number;
  artist: string;
  title: string;
  /** Start cue 'MM:SS'. */
  time: string;
}

/** A mixtape: its simple columns as core/content/mixtape.ts defines them. */
export interface MixtapeRecord extends ColumnFields<typeof MIXTAPE_FIELDS> {
  id: number;
  slug: string;
  /** The body (core/content/document.ts); stored as JSON. */
  description: Document;
  tracklist: TracklistEntry[];
  /** mixtape_genres rows */
  genre_ids: number[];
  /** mixtape_artists rows of the mix's author (entry 0), in order */
  artist_ids: number[];
  /** mixtape_artists rows of tracklist entries: the entry's position and the artist */
  track_artists: EntryArtist[];
  /** mixtape_redirects rows: slugs it had before, oldest first, answered with a 301 */
  former_slugs: string[];
}

const tracklistEntry = v.strictObject(
  {
    position: v.optional(v.pipe(v.number("must be a number"), v.integer("must be a whole number"))),
    artist: v.optional(text, ""),
    artists: slugs,
    title: filled,
    time: v.nullish(clock, null),
  },
  "must be {position, artist, artists, title, time}",
);

const ORDER =
  "id slug title artist_name release_date cover_image description tracklist duration track_count download_url external_audio_url audio_file audio_platform is_featured pub_status publish_at genre_ids artist_ids track_artists former_slugs";

export const mixtapes = defineKind<MixtapeRecord>()({
  folder: "mixtapes",
  key: "mixtapes",
  table: "mixtapes",
  schema: frontSchema(MIXTAPE_FIELDS, {
    id,
    artists: slugs,
    genres: slugs,
    tracklist: v.optional(v.array(tracklistEntry, "must be a list of tracks"), []),
    former_slugs: slugs,
  }),
  fields: MIXTAPE_FIELDS,
  body: { column: "description", as: "document" },
  renames: true,
  images: ["cover_image"],
  media: ["audio_file", "download_url"],
  resolve: (items, ctx) =>
    items.map(([m, id]) => {
      const { id: _id, genres: g, tracklist, track_count, artists: named, former_slugs, ...front } = m.front;
      return ordered(ORDER, {
        id,
        slug: m.slug,
        ...front,
        artist_name: front.artist_name as string,
        description: ctx.body(m) as Document,
        tracklist: tracklist.map((t, n) => ({
          position: t.position ?? n + 1,
          artist: t.artist,
          title: t.title,
          time: t.time as string,
        })),
        track_count: track_count ?? tracklist.length,
        genre_ids: ctx.refs(m, "genres", g, "genres"),
        ...ctx.credits(m, named, "tracklist", tracklist, (t, n) => t.position ?? n + 1),
        former_slugs: ctx.formerSlugs(m, former_slugs),
      });
    }),
  toFront: (m, ctx) =>
    frontOf(MIXTAPE_FIELDS, m, {
      id: m.id,
      artists: ctx.slugs("artists", m.artist_ids),
      genres: ctx.slugs("genres", m.genre_ids),
      tracklist: m.tracklist.map((t) =>
        drop({
          position: t.position,
          artist: t.artist,
          artists: ctx.entrySlugs(m.track_artists, t.position),
          title: t.title,
          time: t.time,
        }),
      ),
      former_slugs: m.former_slugs,
    }),
  exportSql: [
    `SELECT m.*, ${IDS("mixtape_genres", "genre_id", "mixtape_id", "m")}, ${ARTIST_IDS("mixtape_artists", "mixtape_id", "m", "entry")}, ${ENTRY_ARTISTS("mixtape_artists", "mixtape_id", "m", "track_artists")}, ${FORMER_SLUGS("mixtape_redirects", "mixtape_id", "m")} FROM mixtapes m ORDER BY m.id`,
  ],
  read: ([mixtapes = []]) =>
    mixtapes.map(
      ({ genre_ids, tracklist, is_featured, artist_ids, track_artists, former_slugs, ...m }: Row) => ({
        ...(m as Omit<
          MixtapeRecord,
          "genre_ids" | "tracklist" | "is_featured" | "artist_ids" | "track_artists" | "former_slugs"
        >),
        description: storedDocument(m.description),
        is_featured: flag(is_featured),
        tracklist: json<TracklistEntry[]>(tracklist, []),
        genre_ids: json<number[]>(genre_ids, []),
        artist_ids: json<number[]>(artist_ids, []),
        track_artists: json<EntryArtist[]>(track_artists, []),
        former_slugs: json<string[]>(former_slugs, []),
      }),
    ),
  upsert(records, ctx) {
    ctx.write(
      "mixtapes",
      records.map(({ genre_ids, artist_ids, track_artists, former_slugs, ...m }) => ctx.staged(m)),
      "id",
    );
    ctx.replace(records, "mixtape_id", ["mixtape_artists", "mixtape_genres"]);
    ctx.write("mixtape_artists", ctx.credits("mixtape_id", entryCredits(records)));
    ctx.write(
      "mixtape_genres",
      records.flatMap((m) => m.genre_ids.map((genre_id) => ({ mixtape_id: m.id, genre_id }))),
    );
    ctx.write("mixtape_redirects", redirectRows(records, "mixtape_id"), "old_slug");
  },
  rows({ genre_ids, artist_ids, track_artists, former_slugs, ...mixtape }, ctx) {
    ctx.add("mixtapes", mixtape);
    ctx.entries("mixtape_artists", "mixtape_id", mixtape.id, [
      ...artist_ids.map((artist_id) => ({ entry: 0, artist_id })),
      ...track_artists,
    ]);
    for (const genre_id of genre_ids) ctx.add("mixtape_genres", { mixtape_id: mixtape.id, genre_id });
    for (const old_slug of former_slugs) ctx.add("mixtape_redirects", { old_slug, mixtape_id: mixtape.id });
  },
  seed: {
    uid: "api::mixtape.mixtape",
    data: async (m, ctx) => ({
      slug: m.slug,
      description: documentToBlocks(m.description, await ctx.figures(m.description)),
      tracklist: m.tracklist,
      genres: m.genre_ids.map((id) => ctx.doc("genres", id)),
      artists: ctx.artists(m.artist_ids),
      tracklist_artists: ctx.entries(m.track_artists),
      former_slugs: (m.former_slugs ?? []).map((slug) => ({ slug })),
    }),
  },
});
