import type { MusicEvent } from "@core/content/types";
import { formatEventTime } from "../lib/format";
import { ListLink } from "./app-link";
import { Cover } from "./cover";
import { EventStatusBadge } from "./event-status";

/** The fields an event card shows; loaders return only these (docs/decisions/019: less to serialise). */
export type CardEvent = Pick<
  MusicEvent,
  "id" | "slug" | "title" | "startsAt" | "timezone" | "status" | "venue" | "city" | "coverImage"
>;

export function eventCard({
  id,
  slug,
  title,
  startsAt,
  timezone,
  status,
  venue,
  city,
  coverImage,
}: CardEvent) {
  return { id, slug, title, startsAt, timezone, status, venue, city, coverImage };
}

export function EventCard({ event, eager = false }: { event: CardEvent; eager?: boolean }) {
  return (
    <article className="card card--row">
      <Cover src={event.coverImage} alt="" size={200} eager={eager} className="card__thumb" />
      <div className="card__body">
        <p className="card__meta">
          <time dateTime={event.startsAt}>{formatEventTime(event.startsAt, event.timezone)}</time>
          <EventStatusBadge status={event.status} />
        </p>
        <h3 className="card__title">
          <ListLink to={`/events/${event.slug}`} className="card__link">
            {event.title}
          </ListLink>
        </h3>
        <p className="card__artist">
          {event.venue}, {event.city}
        </p>
      </div>
    </article>
  );
}
