import type { ArtistRef } from "./artist-ref";
import type { Document } from "./document";
import { type Fields, PUB_STATUS, PUBLISH_AT, type SiteFields } from "./kind";
import type { Taxon } from "./taxon";

export const EVENT_STATUSES = ["scheduled", "postponed", "cancelled"] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/**
 * An event's fields in content-file order (./kind.ts, docs/decisions/128-one-definition-per-kind.md):
 * the columns of migrations/0001_catalogue.sql's events, the front matter of events/<slug>.md
 * (its description is the file's body; `location` is the location_id column's slug).
 */
export const EVENT_FIELDS = {
  id: { value: "own" },
  title: { value: "filled", site: "title" },
  /** ISO 8601 with the venue's UTC offset on that date, e.g. '2026-12-05T23:00:00+01:00'. */
  starts_at: { value: "moment", site: "startsAt" },
  ends_at: { value: "moment", fallback: null, site: "endsAt" },
  /** IANA zone of the venue. */
  timezone: { value: "zone", fallback: "UTC", site: "timezone" },
  venue: { value: "given", site: "venue" },
  address: { value: "optional", site: "address" },
  city: { value: "given", site: "city" },
  location: { value: "own" },
  lineup: { value: "own" },
  status: {
    value: "pick",
    of: EVENT_STATUSES,
    fallback: "scheduled",
    site: "status",
    strapi: "event_status",
  },
  pub_status: PUB_STATUS,
  publish_at: PUBLISH_AT,
  is_featured: { value: "flag", site: "isFeatured" },
  cover_image: { value: "media", site: "coverImage", strapi: "coverImage" },
  ticket_url: { value: "optional", site: "ticketUrl" },
  price: { value: "optional", site: "price" },
  /** Slugs it had before, oldest first: each answers 301 to its page (docs/decisions/151-renamed-slugs-redirect.md). */
  former_slugs: { value: "own" },
} as const satisfies Fields;

/** An event (docs/product.md section 3). */
export interface MusicEvent extends SiteFields<typeof EVENT_FIELDS> {
  id: number;
  slug: string;
  location: Taxon | null;
  lineup: string[];
  /** The description (./document.ts). */
  description: Document;
  /** The lineup's artists with a page, each at its lineup position (from 0). */
  lineupArtists?: Array<ArtistRef & { entry: number }>;
  /**
   * Kept by the store, not written by an editor (docs/decisions/146-calendars-follow-changes.md):
   * how many times its time, place or status changed (a calendar's SEQUENCE), and when anything
   * of it last changed (ISO 8601). Absent in a value cached before they were kept.
   */
  sequence?: number;
  revisedAt?: string | null;
  /**
   * Its identity for calendars, the same across saves, publishes and renames: the row's id in
   * D1, the document id in Strapi (whose numeric id changes with each publish).
   */
  uid?: string;
}

/** Upcoming events first, then past ones. */
/** Past events the events page lists, most recent first (docs/product.md section 9). */
export const PAST_EVENTS = 100;

export interface EventLists {
  upcoming: MusicEvent[];
  past: MusicEvent[];
}
