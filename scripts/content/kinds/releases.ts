/** Label releases: the body is the description; tracks and purchase links are child tables. */
import * as v from "valibot";
import type { AudioPlatform } from "../../../core/content/audio";
import { type Document, storedDocument } from "../../../core/content/document";
import { documentToBody } from "../../../core/content/document-markdown";
import type { ColumnFields } from "../../../core/content/kind";
import { RELEASE_FIELDS } from "../../../core/content/release";
import { documentToBlocks } from "../../../worker/content/strapi/blocks";
import {
  clock,
  count,
  filled,
  flag as flagSchema,
  frontSchema,
  id,
  markdownField,
  optionalText,
  platform,
  platformLink,
  slugs,
} from "../schema";
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
  json,
  linksFront,
  linksSeed,
  ordered,
  redirectRows,
} from "./kind";

export interface ReleaseTrackRecord {
  id: number;
  release_id: number;
  track_number: number;
  title: string;
  artist_name: string;
  /** 'M:SS' */
  duration: string;
  audio_url: string | null;
  audio_platform: AudioPlatform | null;
  is_primary_track: boolean;
  is_featured: boolean;
}

export interface PurchaseLinkRecord {
  id: number;
  release_id: number;
  /** bandcamp, beatport, juno, spotify, apple-music or custom */
  platform: string;
  custom_platform_name: string | null;
  url: string;
  position: number;
}

/** A release: its simple columns as core/content/release.ts defines them. */
export interface ReleaseRecord extends ColumnFields<typeof RELEASE_FIELDS> {
  id: number;
  slug: string;
  /** The body (core/content/document.ts); stored as JSON, as are the credits. */
  description: Document;
  /** Markdown in the front matter. */
  credits: Document;
  tracks: ReleaseTrackRecord[];
  purchase_links: PurchaseLinkRecord[];
  /** release_artists rows of the release (track 0), in order */
  artist_ids: number[];
  /** release_artists rows of tracks with an artist of their own: the track number and the artist */
  track_artists: EntryArtist[];
  /** release_redirects rows: slugs it had before, oldest first, answered with a 301 */
  former_slugs: string[];
}

const releaseTrack = v.strictObject(
  {
    track_number: v.optional(count),
    title: filled,
    artist_name: optionalText,
    artists: slugs,
    duration: v.nullish(clock, null),
    audio_platform: platform,
    audio_url: optionalText,
    is_primary_track: flagSchema,
    is_featured: flagSchema,
  },
  "must be a track: {title, artist_name, duration, audio_url, …}",
);

const ORDER =
  "id slug title artist_name release_date artwork release_type total_duration description credits catalog_number is_featured pub_status publish_at tracks purchase_links artist_ids track_artists former_slugs";

export const releases = defineKind<ReleaseRecord>()({
  folder: "releases",
  key: "releases",
  table: "releases",
  schema: frontSchema(RELEASE_FIELDS, {
    id,
    artists: slugs,
    credits: markdownField,
    tracks: v.optional(v.array(releaseTrack, "must be a list of tracks"), []),
    purchase_links: v.optional(v.array(platformLink, "must be a list of {platform, url}"), []),
    former_slugs: slugs,
  }),
  fields: RELEASE_FIELDS,
  body: { column: "description", as: "document" },
  renames: true,
  images: ["artwork"],
  media: [["tracks", "audio_url"]],
  resolve(items, ctx) {
    let trackId = 0;
    let linkId = 0;
    return items.map(([r, id]) => {
      const { id: _id, tracks, purchase_links, artists: named, former_slugs, ...front } = r.front;
      return ordered(ORDER, {
        id,
        slug: r.slug,
        ...front,
        release_type: front.release_type as ReleaseRecord["release_type"],
        catalog_number: front.catalog_number as string,
        description: ctx.body(r) as Document,
        tracks: tracks.map((t, n) => ({
          id: ++trackId,
          release_id: id,
          track_number: t.track_number ?? n + 1,
          title: t.title,
          artist_name: t.artist_name as string,
          duration: t.duration as string,
          audio_url: t.audio_url,
          audio_platform: t.audio_platform,
          is_primary_track: t.is_primary_track,
          is_featured: t.is_featured,
        })),
        purchase_links: purchase_links.map((link, position) => ({
          id: ++linkId,
          release_id: id,
          platform: link.platform,
          custom_platform_name: link.custom_platform_name,
          url: link.url,
          position,
        })),
        ...ctx.credits(r, named, "tracks", tracks, (t, n) => t.track_number ?? n + 1),
        former_slugs: ctx.formerSlugs(r, former_slugs),
      });
    });
  },
  toFront: (r, ctx) =>
    frontOf(RELEASE_FIELDS, r, {
      id: r.id,
      artists: ctx.slugs("artists", r.artist_ids),
      credits: r.credits.length ? documentToBody(r.credits).trimEnd() : null,
      tracks: r.tracks.map((t) =>
        drop({
          track_number: t.track_number,
          title: t.title,
          artist_name: t.artist_name,
          artists: ctx.entrySlugs(r.track_artists, t.track_number),
          duration: t.duration,
          audio_platform: t.audio_platform,
          audio_url: t.audio_url,
          is_primary_track: t.is_primary_track,
          is_featured: t.is_featured,
        }),
      ),
      purchase_links: linksFront(r.purchase_links),
      former_slugs: r.former_slugs,
    }),
  exportSql: [
    `SELECT r.*, ${ARTIST_IDS("release_artists", "release_id", "r", "entry")}, ${ENTRY_ARTISTS("release_artists", "release_id", "r", "track_artists")}, ${FORMER_SLUGS("release_redirects", "release_id", "r")} FROM releases r ORDER BY r.id`,
    "SELECT * FROM release_tracks ORDER BY release_id, track_number, id",
    "SELECT * FROM release_purchase_links ORDER BY release_id, position, id",
  ],
  read: ([releases = [], tracks = [], links = []]) =>
    releases.map((r) => ({
      ...(r as unknown as ReleaseRecord),
      description: storedDocument(r.description),
      credits: storedDocument(r.credits),
      artist_ids: json<number[]>(r.artist_ids, []),
      track_artists: json<EntryArtist[]>(r.track_artists, []),
      former_slugs: json<string[]>(r.former_slugs, []),
      is_featured: flag(r.is_featured),
      tracks: tracks
        .filter((t) => t.release_id === r.id)
        .map((t) => ({
          ...(t as unknown as ReleaseRecord["tracks"][number]),
          is_primary_track: flag(t.is_primary_track),
          is_featured: flag(t.is_featured),
        })),
      purchase_links: links
        .filter((l) => l.release_id === r.id)
        .map((l) => l as unknown as ReleaseRecord["purchase_links"][number]),
    })),
  upsert(records, ctx) {
    ctx.write(
      "releases",
      records.map(({ tracks, purchase_links, artist_ids, track_artists, former_slugs, ...r }) => r),
      "id",
    );
    ctx.replace(records, "release_id", ["release_artists", "release_tracks", "release_purchase_links"]);
    ctx.write("release_artists", ctx.credits("release_id", entryCredits(records)));
    ctx.write(
      "release_tracks",
      records.flatMap((r) => r.tracks.map(({ id: _id, ...t }) => t)),
    );
    ctx.write(
      "release_purchase_links",
      records.flatMap((r) => r.purchase_links.map(({ id: _id, ...l }) => l)),
    );
    ctx.write("release_redirects", redirectRows(records, "release_id"), "old_slug");
  },
  rows({ tracks, purchase_links, artist_ids, track_artists, former_slugs, ...release }, ctx) {
    ctx.add("releases", release);
    for (const track of tracks) ctx.add("release_tracks", { ...track });
    for (const link of purchase_links) ctx.add("release_purchase_links", { ...link });
    ctx.entries("release_artists", "release_id", release.id, [
      ...artist_ids.map((artist_id) => ({ entry: 0, artist_id })),
      ...track_artists,
    ]);
    for (const old_slug of former_slugs) ctx.add("release_redirects", { old_slug, release_id: release.id });
  },
  seed: {
    uid: "api::label-release.label-release",
    async data(r, ctx) {
      const trackArtists = new Map(ctx.entries(r.track_artists).map((e) => [e.entry, e.artists]));
      return {
        slug: r.slug,
        description: documentToBlocks(r.description, await ctx.figures(r.description)),
        credits: documentToBlocks(r.credits),
        tracks: r.tracks.map((t) => ({
          track_number: t.track_number,
          title: t.title,
          artist_name: t.artist_name,
          duration: t.duration,
          audio_url: t.audio_url,
          audio_platform: t.audio_platform,
          is_primary_track: t.is_primary_track,
          is_featured: t.is_featured,
          artists: trackArtists.get(t.track_number) ?? [],
        })),
        purchase_links: linksSeed(r.purchase_links),
        artists: ctx.artists(r.artist_ids),
        former_slugs: (r.former_slugs ?? []).map((slug) => ({ slug })),
      };
    },
  },
});
