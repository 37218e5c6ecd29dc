import type { EventLists, MusicEvent } from "@core/content/event";
import type { EventColumns } from "@core/content/rows";
import { eventLists } from "../event-lists";
import { artistRefsColumn, entryRefs } from "./artist-refs";
import { identity, parseJson } from "./rows";

export interface EventRow extends EventColumns {
  lineup_json: string | null;
  location_name: string | null;
  location_slug: string | null;
  lineup: string;
  is_featured: number;
}

export const EVENT_SELECT = `SELECT e.*, l.name AS location_name, l.slug AS location_slug,
  ${artistRefsColumn("event_artists", "event_id", "e", "lineup_json")}
  FROM events e LEFT JOIN locations l ON l.id = e.location_id`;

export function toEvent(row: EventRow): MusicEvent {
  return {
    ...identity(row),
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    timezone: row.timezone,
    venue: row.venue,
    address: row.address,
    city: row.city,
    location:
      row.location_name && row.location_slug ? { name: row.location_name, slug: row.location_slug } : null,
    lineup: parseJson<string[]>(row.lineup, []),
    description: row.description,
    coverImage: row.cover_image,
    ticketUrl: row.ticket_url,
    price: row.price,
    status: row.status,
    isFeatured: row.is_featured === 1,
    lineupArtists: entryRefs(row.lineup_json)
      .filter((r) => r.entry > 0)
      .map((r) => ({ ...r, entry: r.entry - 1 })),
  };
}

/** Every published event, split and ordered by eventLists. */
export async function listEvents(db: D1Database, now: Date): Promise<EventLists> {
  const { results } = await db.prepare(`${EVENT_SELECT} WHERE e.pub_status = 'published'`).all<EventRow>();
  return eventLists(results.map(toEvent), now);
}

/** A published event by slug or numeric id. */
export async function getEvent(db: D1Database, slugOrId: string): Promise<MusicEvent | null> {
  const row = await db
    .prepare(`${EVENT_SELECT} WHERE (e.slug = ?1 OR CAST(e.id AS TEXT) = ?1) AND e.pub_status = 'published'`)
    .bind(slugOrId)
    .first<EventRow>();
  return row ? toEvent(row) : null;
}
