import { documentText, firstParagraphText } from "@core/content/document";
import { contentContext } from "@core/context";
import { ArtistName } from "../components/artist-name";
import { DetailCover } from "../components/cover";
import { RouteErrorBoundary } from "../components/error-page";
import { EventStatusBadge } from "../components/event-status";
import { LongText } from "../components/long-text";
import { formatEventTime } from "../lib/format";
import { absoluteUrl, coverOrPlaceholder } from "../lib/images";
import { missing } from "../lib/missing";
import { pagePreview } from "../lib/preview";
import { redirectIfRenamed } from "../lib/renamed";
import { seo, siteFromMatches } from "../lib/seo";
import type { Route } from "./+types/event";

const EVENT_STATUS_SCHEMA = {
  scheduled: "https://schema.org/EventScheduled",
  postponed: "https://schema.org/EventPostponed",
  cancelled: "https://schema.org/EventCancelled",
} as const;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const content = context.get(contentContext);
  const { catalogue } = content;
  const event = await catalogue.getEvent(params.id);
  if (!event) throw missing(content, "Event not found");
  redirectIfRenamed(request, params.id, event, (slug) => `/events/${slug}`);
  // The start in the venue's time zone, written here: see formatEventTime. The description's
  // text for the share tags and JSON-LD, too: the page's JavaScript needs nothing of the
  // document model (docs/decisions/149-every-long-text-a-document.md).
  return {
    event,
    when: formatEventTime(event.startsAt, event.timezone),
    summary: firstParagraphText(event.description),
    text: documentText(event.description),
    preview: pagePreview(content, "event"),
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [{ title: "Not found · Crossfade" }];
  const site = siteFromMatches(matches);
  const { event, summary, text } = data;
  return seo(site, {
    title: event.title,
    description: `${event.venue}, ${event.city}. ${summary}`.slice(0, 200),
    path: `/events/${event.slug}`,
    noindex: data.preview !== null,
    image: event.coverImage,
    type: "event",
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "MusicEvent",
      name: event.title,
      startDate: event.startsAt,
      endDate: event.endsAt ?? undefined,
      eventStatus: EVENT_STATUS_SCHEMA[event.status],
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      url: absoluteUrl(site.siteUrl, `/events/${event.slug}`),
      image: absoluteUrl(site.siteUrl, coverOrPlaceholder(event.coverImage)),
      description: text,
      location: {
        "@type": "Place",
        name: event.venue,
        address: event.address ?? event.city,
      },
      performer: event.lineup.map((name, i) => {
        const artist = event.lineupArtists?.find((a) => a.entry === i);
        return artist
          ? { "@type": "MusicGroup", name, url: absoluteUrl(site.siteUrl, `/artists/${artist.slug}`) }
          : { "@type": "MusicGroup", name };
      }),
      ...(event.ticketUrl
        ? { offers: { "@type": "Offer", url: event.ticketUrl, price: event.price ?? undefined } }
        : {}),
    },
  });
}

export default function EventDetail({ loaderData }: Route.ComponentProps) {
  const { event, when } = loaderData;
  return (
    <article className="container detail">
      <div className="detail__layout">
        <DetailCover src={event.coverImage} alt={`Poster for ${event.title}`} />
        <div className="detail__info">
          <p className="eyebrow">Event</p>
          <h1>{event.title}</h1>
          <p>
            <EventStatusBadge status={event.status} />
          </p>
          <dl className="facts">
            <div>
              <dt>When</dt>
              <dd>
                <time dateTime={event.startsAt}>{when}</time>
              </dd>
            </div>
            <div>
              <dt>Where</dt>
              <dd>
                {event.venue}
                {event.address ? `, ${event.address}` : ""}, {event.city}
              </dd>
            </div>
            {event.price ? (
              <div>
                <dt>Price</dt>
                <dd>{event.price}</dd>
              </div>
            ) : null}
          </dl>
          {event.lineup.length ? (
            <section aria-labelledby="lineup-heading">
              <h2 id="lineup-heading" className="detail__subheading">
                Lineup
              </h2>
              <ul className="lineup">
                {event.lineup.map((name, i) => (
                  <li key={name}>
                    <ArtistName name={name} artists={event.lineupArtists?.filter((a) => a.entry === i)} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <LongText doc={event.description} className="detail__description long-text" />
          <p className="button-row">
            <a href={`/events/${event.slug}.ics`} className="button button--ghost" download>
              Add to calendar
            </a>
            {event.ticketUrl && event.status !== "cancelled" ? (
              <a href={event.ticketUrl} className="button button--accent" rel="noopener" target="_blank">
                Tickets
              </a>
            ) : null}
          </p>
        </div>
      </div>
    </article>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
