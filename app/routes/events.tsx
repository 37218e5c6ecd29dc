import { contentContext } from "@core/context";
import { RouteErrorBoundary } from "../components/error-page";
import { EventCard, eventCard } from "../components/event-card";
import { Icon } from "../components/icons";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/events";

export async function loader({ context }: Route.LoaderArgs) {
  const { catalogue, siteUrl } = context.get(contentContext);
  // webcal:// asks the visitor's calendar app to subscribe rather than import once.
  const calendarUrl = `${siteUrl.replace(/^https?:/, "webcal:")}/events.ics`;
  const { upcoming, past } = await catalogue.listEvents(new Date());
  return { events: { upcoming: upcoming.map(eventCard), past: past.map(eventCard) }, calendarUrl };
}

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "text/calendar", title: "Crossfade events", href: "/events.ics" },
];

export const meta: Route.MetaFunction = pageMeta({
  title: "Events",
  description: "Crossfade nights, showcases and label parties: upcoming dates and the archive.",
  path: "/events",
});

export default function Events({ loaderData }: Route.ComponentProps) {
  const { upcoming, past } = loaderData.events;
  const { calendarUrl } = loaderData;
  return (
    <div className="container">
      <header className="page-header">
        <p className="eyebrow">Live</p>
        <h1>Events</h1>
        <p className="page-header__lede">Showcases, label nights and the odd boat party.</p>
        <p>
          <a href={calendarUrl} className="button button--ghost button--small">
            <Icon name="calendar" /> Subscribe to the calendar
          </a>
        </p>
      </header>
      <section aria-labelledby="upcoming-heading" className="section">
        <h2 id="upcoming-heading">Upcoming</h2>
        {upcoming.length ? (
          <div className="stack">
            {upcoming.map((e, i) => (
              <EventCard key={e.id} event={e} eager={i < 2} />
            ))}
          </div>
        ) : (
          <p className="muted">No dates announced yet: sign up to the newsletter to hear first.</p>
        )}
      </section>
      <section aria-labelledby="past-heading" className="section">
        <h2 id="past-heading">Past</h2>
        <div className="stack">
          {past.map((e) => (
            <EventCard key={e.id} event={e} />
          ))}
        </div>
      </section>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
