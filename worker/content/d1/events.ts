import { storedDocument } from "@core/content/document";
import { EVENT_FIELDS, type EventLists, type MusicEvent, PAST_EVENTS } from "@core/content/event";
import type { RowFields } from "@core/content/kind";
import type { ListFilter, Page } from "@core/content/page";
import { eventLists, RUNNING_DAYS } from "../event-lists";
import { DEFAULT_LIST_PAGE_SIZE, paging, toPage } from "../paging";
import { entryRefs } from "./artist-refs";
import { columnList, siteOf } from "./kind-rows";
import { leanPage, listPage, listTotal, namedList } from "./lists";
import { identity, parseJson } from "./rows";
import { bySlugOrId, formerSlug, rowsOf, totalOf } from "./sql";

export interface EventRow extends RowFields<typeof EVENT_FIELDS> {
  id: number;
  slug: string;
  /** JSON: the document of core/content/document.ts. */
  description: string;
  /** JSON array of artist names. */
  lineup: string;
  lineup_json: string | null;
  location_name: string | null;
  location_slug: string | null;
  /** migrations/0015_event_revisions.sql: kept by the store's triggers. */
  sequence: number;
  revised_at: string | null;
}

/** An event's own row (core/content/event.ts). */
const EVENT_OWN_COLUMNS = `e.id, e.slug, ${columnList(EVENT_FIELDS, "e")}`;

/** An event, its location and its lineup's artists (kept in its extras row, scripts/content/sql/cards-sql.ts). */
export const EVENT_SELECT = `SELECT ${EVENT_OWN_COLUMNS}, e.lineup, e.description, e.sequence, e.revised_at, l.name AS location_name, l.slug AS location_slug,
  (SELECT artists_json FROM event_extras WHERE event_id = e.id) AS lineup_json
  FROM events e LEFT JOIN locations l ON l.id = e.location_id`;

export function toEvent(row: EventRow): MusicEvent {
  return {
    ...siteOf(EVENT_FIELDS, row),
    ...identity(row),
    location:
      row.location_name && row.location_slug ? { name: row.location_name, slug: row.location_slug } : null,
    lineup: parseJson<string[]>(row.lineup, []),
    description: storedDocument(row.description),
    sequence: row.sequence ?? 0,
    revisedAt: row.revised_at ?? null,
    uid: String(row.id),
    lineupArtists: entryRefs(row.lineup_json)
      .filter((r) => r.entry > 0)
      .map((r) => ({ ...r, entry: r.entry - 1 })),
  };
}

/**
 * Published events, split and ordered by eventLists: those that started in the last
 * RUNNING_DAYS or start later, and the PAST_EVENTS + 1 that started last before now; `all`:
 * every one (the sitemap). Both read the (pub_status, starts_at) index, not every event
 * (docs/decisions/071-flat-lists.md).
 */
export async function listEvents(db: D1Database, now: Date, all = false): Promise<EventLists> {
  if (all) {
    const { results } = await db.prepare(`${EVENT_SELECT} WHERE e.pub_status = 'published'`).all<EventRow>();
    return eventLists(results.map(toEvent), now, true);
  }
  const since = new Date(now.getTime() - RUNNING_DAYS * 86_400_000).toISOString();
  const [recent, earlier] = await db.batch<EventRow>([
    db.prepare(`${EVENT_SELECT} WHERE e.pub_status = 'published' AND e.starts_at >= ?`).bind(since),
    db
      .prepare(
        `${EVENT_SELECT} WHERE e.pub_status = 'published' AND e.starts_at < ? ORDER BY e.starts_at DESC LIMIT ?`,
      )
      .bind(now.toISOString(), PAST_EVENTS + 1),
  ]);
  const byId = new Map([...(recent?.results ?? []), ...(earlier?.results ?? [])].map((r) => [r.id, r]));
  return eventLists([...byId.values()].map(toEvent), now);
}

/**
 * A published event by slug, numeric id or a slug it had before (the live slug first).
 * `drafts`: the event the slug or id names whatever its status, a preview's read.
 */
export async function getEvent(db: D1Database, slugOrId: string, drafts = false): Promise<MusicEvent | null> {
  const status = drafts ? "" : " AND e.pub_status = 'published'";
  const read = (where: string) =>
    db.prepare(`${EVENT_SELECT} WHERE ${where}${status}`).bind(slugOrId).first<EventRow>();
  const row = (await read(bySlugOrId("e"))) ?? (drafts ? null : await read(formerSlug("e", "events")));
  return row ? toEvent(row) : null;
}

/**
 * Published events, the latest start first, a page at a time from the list index's `events`
 * (docs/decisions/095): a page reads about as many rows as it holds, and the count one.
 * `lean`: the event's row only, without its description, location or lineup.
 */
export async function pageEvents(db: D1Database, filter: ListFilter = {}): Promise<Page<MusicEvent>> {
  const { page, pageSize, offset } = paging(filter.page, filter.pageSize, DEFAULT_LIST_PAGE_SIZE);
  const list = namedList("events");
  const select = `${EVENT_SELECT.replace("FROM events e", "FROM page s JOIN events e ON e.id = s.id")}`;
  // Lean (the sitemap): the events' rows alone, through events_start.
  const index = { table: "events", alias: "e", date: "starts_at", order: "e.starts_at DESC, e.id DESC" };
  // Slug and date only: no description or lineup, the long columns.
  const lean = `${EVENT_OWN_COLUMNS}, '[]' AS lineup, '' AS description, NULL AS location_name,
    NULL AS location_slug, NULL AS lineup_json`;
  const [rows, count] = await db.batch([
    filter.lean
      ? await leanPage(db, list, index, lean, offset, pageSize)
      : await listPage(db, list, `${select} ORDER BY s.sort DESC, s.id DESC`, offset, pageSize),
    listTotal(db, list),
  ]);
  return toPage(rowsOf<EventRow>(rows).map(toEvent), page, pageSize, totalOf(count));
}
