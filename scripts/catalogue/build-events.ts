import { slugify } from "../content/format";
import type { Rng } from "../content/random";
import type { EventRecord, Unlinked } from "../content/types";
import { EVENTS } from "./data/events";
import { LOCATIONS, type LocationDef, type Venue } from "./data/locations";
import { addLocalHours, withOffset } from "./time-zones";

export function buildEvents(rng: Rng, locationIds: Map<string, number>): Unlinked<EventRecord>[] {
  return EVENTS.map((e, i) => {
    const city = LOCATIONS.find((l) => l.slug === e.city) as LocationDef;
    const venue = (city.venues ?? [])[e.venue] as Venue;
    const zone = city.timezone as string;
    const slug = slugify(`${e.title} ${e.start.slice(0, 4)}`);
    return {
      id: i + 1,
      slug,
      title: e.title,
      starts_at: withOffset(zone, e.start),
      ends_at: withOffset(zone, addLocalHours(e.start, e.hours)),
      timezone: zone,
      venue: venue.name,
      address: venue.address,
      city: city.name,
      location_id: locationIds.get(city.slug) ?? null,
      lineup: e.lineup,
      description: `${e.blurb} Doors at ${e.start.slice(11)}; ${e.price === "Free" ? "free entry, first come, first served" : "limited capacity, so buy early"}.`,
      cover_image: `/media/covers/event-${slug}.svg`,
      ticket_url: e.ticketed ? `https://example-tickets.com/e/${rng.int(100_000, 999_999)}/${slug}` : null,
      price: e.price,
      status: e.status ?? "scheduled",
      is_featured: e.featured === true,
      pub_status: e.draft ? "draft" : "published",
    };
  });
}
