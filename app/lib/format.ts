const longDate = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/** A date in long US format ("November 21, 2026"), the same on server and client. */
export function formatLongDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? "" : longDate.format(time);
}

// One formatter per time zone: building an Intl.DateTimeFormat costs more than a whole card's
// render (docs/decisions/019, SSR CPU). null marks a zone the runtime does not know.
const eventFormats = new Map<string, Intl.DateTimeFormat | null>();

function eventFormat(timeZone: string): Intl.DateTimeFormat | null {
  let format = eventFormats.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat("en-US", {
        weekday: "long",
        year: "numeric",
        month: "long",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
        timeZone,
        timeZoneName: "short",
      });
    } catch {
      format = null;
    }
    eventFormats.set(timeZone, format);
  }
  return format;
}

/** An event's start in its own time zone, e.g. "Saturday, December 5, 2026, 10:00 PM CET". */
export function formatEventTime(iso: string, timeZone: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return "";
  return (eventFormat(timeZone) ?? longDate).format(time);
}

/** Title-cases a slug for headings: "deep-house" → "Deep House". */
export function titleFromSlug(slug: string): string {
  return slug
    .split("-")
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}
