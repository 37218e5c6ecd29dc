// No Intl here: a browser's first Intl.DateTimeFormat loads its locale data, about 20 ms of the
// main thread on this machine (80 ms at Lighthouse's 4x slowdown), which every page with a date
// paid while starting (docs/decisions/043-no-intl-while-hydrating.md). A long US date in UTC needs
// only the month's name.
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** A date in long US format ("November 21, 2026"), the same on server and client. */
export function formatLongDate(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return "";
  const date = new Date(time);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** What an event's start shows: the day, the date, the time and the zone's short name. */
export const EVENT_TIME_PARTS: Intl.DateTimeFormatOptions = {
  weekday: "long",
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
};

// One formatter per time zone: building an Intl.DateTimeFormat costs more than a whole card's
// render (docs/decisions/019, SSR CPU). null marks a zone the runtime does not know.
const eventFormats = new Map<string, Intl.DateTimeFormat | null>();

function eventFormat(timeZone: string): Intl.DateTimeFormat | null {
  let format = eventFormats.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat("en-US", { ...EVENT_TIME_PARTS, timeZone });
    } catch {
      format = null;
    }
    eventFormats.set(timeZone, format);
  }
  return format;
}

/**
 * An event's start in its own time zone, e.g. "Saturday, December 5, 2026 at 10:00 PM GMT+1".
 * Time zones need Intl, so loaders call this on the server and send the text (`when` of
 * app/components/event-card.tsx); components do not call it while hydrating.
 */
export function formatEventTime(iso: string, timeZone: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return "";
  return eventFormat(timeZone)?.format(time) ?? formatLongDate(iso);
}

/** Title-cases a slug for headings: "deep-house" → "Deep House". */
export function titleFromSlug(slug: string): string {
  return slug
    .split("-")
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}
