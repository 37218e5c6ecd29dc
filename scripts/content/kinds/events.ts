/** Events: times keep the venue's offset; lineup entries may link to artists. */
import * as v from "valibot";
import { type Document, storedDocument } from "../../../core/content/document";
import { EVENT_FIELDS } from "../../../core/content/event";
import type { ColumnFields } from "../../../core/content/kind";
import { documentToBlocks } from "../../../worker/content/strapi/blocks";
import type { ContentProblem } from "../schema";
import { filled, frontSchema, id, slug, slugs } from "../schema";
import {
  defineKind,
  ENTRY_ARTISTS,
  type EntryArtist,
  FORMER_SLUGS,
  flag,
  frontOf,
  json,
  type Parsed,
  redirectRows,
} from "./kind";

/** An event: its simple columns as core/content/event.ts defines them. */
export interface EventRecord extends ColumnFields<typeof EVENT_FIELDS> {
  id: number;
  slug: string;
  /** The body (core/content/document.ts); stored as JSON. */
  description: Document;
  location_id: number | null;
  lineup: string[];
  /** event_artists rows: the lineup entry's position (from 1) and the artist */
  lineup_artists: EntryArtist[];
  /** event_redirects rows: slugs it had before, oldest first, answered with a 301 */
  former_slugs: string[];
}

/** Event wall time with the zone's offset for a YAML date (an instant), else the text given. */
export function eventTime(value: string | Date, zone: string): string {
  if (typeof value === "string") return value;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(value)
      .map((p) => [p.type, p.value]),
  );
  const local = `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
  const offset = Math.round((Date.parse(`${local}Z`) - value.getTime()) / 60_000);
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${local}${offset < 0 ? "-" : "+"}${hh}:${mm}`;
}

export const EVENT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:Z|[+-]\d{2}:\d{2})$/;

function eventTimeOf(
  item: Parsed<unknown>,
  field: string,
  value: string | Date,
  zone: string,
  problems: ContentProblem[],
): string {
  const time = eventTime(value, zone);
  if (!EVENT_TIME.test(time) || Number.isNaN(Date.parse(time))) {
    problems.push({
      file: item.file,
      field,
      message: "must be a date and time with the venue's offset, like '2026-12-05T23:00:00+01:00'",
    });
  }
  return time;
}

export const events = defineKind<EventRecord>()({
  folder: "events",
  key: "events",
  table: "events",
  schema: frontSchema(EVENT_FIELDS, {
    id,
    location: v.nullish(slug, null),
    lineup: v.optional(
      v.array(
        v.union(
          [filled, v.strictObject({ name: filled, artists: slugs })],
          "must be a name, or {name, artists} to link it to artists' pages",
        ),
        "must be a list of names",
      ),
      [],
    ),
    former_slugs: slugs,
  }),
  fields: EVENT_FIELDS,
  body: { column: "description", as: "document" },
  renames: true,
  nullOnDelete: { locations: "location_id" },
  images: ["cover_image"],
  resolve: (items, ctx) =>
    items.map(([e, id]) => {
      const { id: _id, location, starts_at, ends_at, former_slugs, ...front } = e.front;
      const locationId = ctx.ref(e, "location", location, "locations");
      return {
        id,
        slug: e.slug,
        title: front.title,
        starts_at: eventTimeOf(e, "starts_at", starts_at, front.timezone, ctx.problems),
        ends_at: ends_at === null ? null : eventTimeOf(e, "ends_at", ends_at, front.timezone, ctx.problems),
        timezone: front.timezone,
        venue: front.venue,
        address: front.address,
        city: front.city,
        location_id: locationId,
        lineup: front.lineup.map((entry) => (typeof entry === "string" ? entry : entry.name)),
        description: ctx.body(e) as Document,
        cover_image: front.cover_image,
        ticket_url: front.ticket_url,
        price: front.price,
        status: front.status,
        is_featured: front.is_featured,
        pub_status: front.pub_status,
        publish_at: front.publish_at,
        lineup_artists: ctx.entryRefs(e, "lineup", front.lineup, (entry, i) => ({
          entry: i + 1,
          slugs: typeof entry === "string" ? [] : entry.artists,
        })),
        former_slugs: ctx.formerSlugs(e, former_slugs),
      };
    }),
  toFront: (e, ctx) =>
    frontOf(EVENT_FIELDS, e, {
      id: e.id,
      location: ctx.slug("locations", e.location_id),
      lineup: e.lineup.map((name, i) => {
        const linked = ctx.entrySlugs(e.lineup_artists, i + 1);
        return linked.length ? { name, artists: linked } : name;
      }),
      former_slugs: e.former_slugs,
    }),
  exportSql: [
    `SELECT e.*, ${ENTRY_ARTISTS("event_artists", "event_id", "e", "lineup_artists")}, ${FORMER_SLUGS("event_redirects", "event_id", "e")} FROM events e ORDER BY e.id`,
  ],
  read: ([events = []]) =>
    events.map((e) => ({
      ...(e as unknown as EventRecord),
      description: storedDocument(e.description),
      lineup: json<string[]>(e.lineup, []),
      is_featured: flag(e.is_featured),
      lineup_artists: json<EntryArtist[]>(e.lineup_artists, []),
      former_slugs: json<string[]>(e.former_slugs, []),
    })),
  upsert(records, ctx) {
    ctx.write(
      "events",
      records.map(({ lineup_artists, former_slugs, ...e }) => e),
      "id",
    );
    ctx.replace(records, "event_id", ["event_artists"]);
    ctx.write(
      "event_artists",
      ctx.credits(
        "event_id",
        records.flatMap((e) => e.lineup_artists.map((r) => ({ id: e.id, ...r }))),
      ),
    );
    ctx.write("event_redirects", redirectRows(records, "event_id"), "old_slug");
  },
  rows({ lineup_artists, former_slugs, ...e }, ctx) {
    ctx.add("events", e);
    ctx.entries("event_artists", "event_id", e.id, lineup_artists);
    for (const old_slug of former_slugs) ctx.add("event_redirects", { old_slug, event_id: e.id });
  },
  seed: {
    uid: "api::event.event",
    data: async (e, ctx) => ({
      slug: e.slug,
      location: e.location_id ? ctx.doc("locations", e.location_id) : null,
      lineup: e.lineup,
      description: documentToBlocks(e.description, await ctx.figures(e.description)),
      lineup_artists: ctx.entries(e.lineup_artists),
      former_slugs: (e.former_slugs ?? []).map((slug) => ({ slug })),
    }),
  },
});
