import type { ArtistRef } from "./artist-ref";
import type { Taxon } from "./taxon";

export type EventStatus = "scheduled" | "postponed" | "cancelled";

/** An event (docs/product.md section 3). */
export interface MusicEvent {
  id: number;
  slug: string;
  title: string;
  startsAt: string;
  endsAt: string | null;
  timezone: string;
  venue: string;
  address: string | null;
  city: string;
  location: Taxon | null;
  lineup: string[];
  description: string;
  coverImage: string | null;
  ticketUrl: string | null;
  price: string | null;
  status: EventStatus;
  isFeatured: boolean;
  /** The lineup's artists with a page, each at its lineup position (from 0). */
  lineupArtists?: Array<ArtistRef & { entry: number }>;
}

/** Upcoming events first, then past ones. */
/** Past events the events page lists, most recent first (docs/product.md section 9). */
export const PAST_EVENTS = 100;

export interface EventLists {
  upcoming: MusicEvent[];
  past: MusicEvent[];
}
