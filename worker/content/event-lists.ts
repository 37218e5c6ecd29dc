import type { EventLists, MusicEvent } from "@core/content/event";

/**
 * Upcoming events soonest first, then past events most recent first (docs/product.md section 4).
 * An event is upcoming until it ends (its start when no end is known).
 */
export function eventLists(events: MusicEvent[], now: Date): EventLists {
  const t = now.getTime();
  const endOf = (e: MusicEvent) => Date.parse(e.endsAt ?? e.startsAt);
  const start = (e: MusicEvent) => Date.parse(e.startsAt);
  return {
    upcoming: events.filter((e) => endOf(e) >= t).sort((a, b) => start(a) - start(b)),
    past: events.filter((e) => endOf(e) < t).sort((a, b) => start(b) - start(a)),
  };
}
