import { documentText } from "@core/content/document";
import type { MusicEvent } from "@core/content/event";

/** Escapes a TEXT value (RFC 5545 section 3.3.11). */
function icsText(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Folds a content line at 75 octets (RFC 5545 section 3.1). */
function fold(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const n = new TextEncoder().encode(char).length;
    if (size + n > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += n;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

function utcStamp(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** The VEVENT of one event, unfolded lines. */
function eventLines(event: MusicEvent, siteUrl: string, now: Date): string[] {
  const end = event.endsAt ?? new Date(Date.parse(event.startsAt) + 4 * 3600_000).toISOString();
  const host = new URL(siteUrl).hostname;
  const location = [event.venue, event.address, event.city].filter(Boolean).join(", ");
  const description = [
    event.lineup.length ? `Lineup: ${event.lineup.join(", ")}` : "",
    documentText(event.description),
  ]
    .filter(Boolean)
    .join("\n\n");
  return [
    "BEGIN:VEVENT",
    `UID:event-${event.uid ?? event.id}@${host}`,
    // A calendar updates the entry it imported when SEQUENCE grows (RFC 5545 section 3.8.7.4).
    `SEQUENCE:${event.sequence ?? 0}`,
    `DTSTAMP:${utcStamp(now.toISOString())}`,
    ...(event.revisedAt ? [`LAST-MODIFIED:${utcStamp(event.revisedAt)}`] : []),
    `DTSTART:${utcStamp(event.startsAt)}`,
    `DTEND:${utcStamp(end)}`,
    `SUMMARY:${icsText(event.title)}`,
    `LOCATION:${icsText(location)}`,
    `DESCRIPTION:${icsText(description)}`,
    `URL:${siteUrl}/events/${event.slug}`,
    `STATUS:${event.status === "cancelled" ? "CANCELLED" : event.status === "postponed" ? "TENTATIVE" : "CONFIRMED"}`,
    "END:VEVENT",
  ];
}

function calendar(header: string[], events: string[]): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Crossfade//Events//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...header,
    ...events,
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}

/** A one-event iCalendar file for "add to calendar". */
export function eventIcs(event: MusicEvent, siteUrl: string, now: Date): string {
  return calendar([], eventLines(event, siteUrl, now));
}

/**
 * The subscribable calendar of upcoming events (/events.ics, docs/product.md section 2). The
 * UIDs are the per-event files' own, so an event added from both shows once; calendar apps
 * poll it at the interval asked for here.
 */
export function upcomingIcs(events: MusicEvent[], siteUrl: string, siteName: string, now: Date): string {
  const header = [
    `NAME:${icsText(`${siteName} events`)}`,
    `X-WR-CALNAME:${icsText(`${siteName} events`)}`,
    `X-WR-CALDESC:${icsText(`Upcoming ${siteName} nights, showcases and label parties.`)}`,
    "REFRESH-INTERVAL;VALUE=DURATION:PT6H",
    "X-PUBLISHED-TTL:PT6H",
  ];
  return calendar(
    header,
    events.flatMap((e) => eventLines(e, siteUrl, now)),
  );
}
