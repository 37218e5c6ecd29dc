/** Events: times keep the venue's offset; lineup entries may link to artists. */
import * as v from "valibot";
import { EVENT_FIELDS } from "../../../core/content/event";
import type { ColumnFields } from "../../../core/content/kind";
import type { ContentProblem } from "../schema";
import { filled, frontSchema, id, slug, slugs } from "../schema";
import { defineKind, ENTRY_ARTISTS, type EntryArtist, flag, frontOf, json, type Parsed } from "./kind";

/** An event: its simple columns as core/content/event.ts defines them. */
export interface EventRecord extends ColumnFields<typeof EVENT_FIELDS> {
  id: number;
  slug: string;
  description: string;
  location_id: number | null;
  lineup: string[];
  /** event_artists rows: the lineup entry's position (from 1) and the artist */
  lineup_artists: EntryArtist[];
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
  }),
  fields: EVENT_FIELDS,
  body: { column: "description", as: "text" },
  nullOnDelete: { locations: "location_id" },
  images: ["cover_image"],
  resolve: (items, ctx) =>
    items.map(([e, id]) => {
      const { id: _id, location, starts_at, ends_at, ...front } = e.front;
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
        description: ctx.body(e) as string,
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
    }),
  exportSql: [
    `SELECT e.*, ${ENTRY_ARTISTS("event_artists", "event_id", "e", "lineup_artists")} FROM events e ORDER BY e.id`,
  ],
  read: ([events = []]) =>
    events.map((e) => ({
      ...(e as unknown as EventRecord),
      lineup: json<string[]>(e.lineup, []),
      is_featured: flag(e.is_featured),
      lineup_artists: json<EntryArtist[]>(e.lineup_artists, []),
    })),
  upsert(records, ctx) {
    ctx.write(
      "events",
      records.map(({ lineup_artists, ...e }) => e),
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
  },
  rows({ lineup_artists, ...e }, ctx) {
    ctx.add("events", e);
    ctx.entries("event_artists", "event_id", e.id, lineup_artists);
  },
  seed: {
    uid: "api::event.event",
    data: (e, ctx) => ({
      slug: e.slug,
      location: e.location_id ? ctx.doc("locations", e.location_id) : null,
      lineup: e.lineup,
      description: e.description,
      lineup_artists: ctx.entries(e.lineup_artists),
    }),
  },
});
