import type { MusicEvent } from "@core/content/event";
import { formatEventTime } from "../lib/format";
import { ListLink } from "./app-link";
import { Cover } from "./cover";
import { EventStatusBadge } from "./event-status";

/**
 * The fields an event card shows; loaders return only these (docs/decisions/019: less to
 * serialise), with `when`, the start in the venue's time zone, written on the server: formatting
 * a time zone needs Intl, which the browser should not load while hydrating
 * (docs/decisions/043-no-intl-while-hydrating.md).
 */
export type CardEvent = Pick<
  MusicEvent,
  "id" | "slug" | "title" | "startsAt" | "status" | "venue" | "city" | "coverImage"
> & { when: string };

/** For loaders (server side): an event as its card shows it. */
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
}: MusicEvent): CardEvent {
  const when = formatEventTime(startsAt, timezone);
  return { id, slug, title, startsAt, when, status, venue, city, coverImage };
}

export function EventCard({ event, eager = false }: { event: CardEvent; eager?: boolean }) {
  return (
    <article className="card card--row">
      <Cover src={event.coverImage} alt="" place="thumb" size={200} eager={eager} className="card__thumb" />
      <div className="card__body">
        <p className="card__meta">
          <time dateTime={event.startsAt}>{event.when}</time>
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
