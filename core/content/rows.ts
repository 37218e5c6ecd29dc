// Columns of the catalogue tables (migrations/0001_catalogue.sql) that read back exactly as they
// are written: the D1 store and the demo catalogue share them. The 0/1 flags, JSON columns and
// joined values differ between the two sides, so each adds those itself.
import type { EventStatus } from "./event";

/** Whether a catalogue row reaches visitors (docs/product.md section 3: only published ones do). */
export type PubStatus = "draft" | "published";

export interface EventColumns {
  id: number;
  slug: string;
  title: string;
  /** ISO 8601 with the venue's UTC offset on that date, e.g. '2026-12-05T23:00:00+01:00'. */
  starts_at: string;
  ends_at: string | null;
  /** IANA zone of the venue. */
  timezone: string;
  venue: string;
  address: string | null;
  city: string;
  description: string;
  cover_image: string | null;
  ticket_url: string | null;
  price: string | null;
  status: EventStatus;
}
