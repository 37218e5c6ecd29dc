import { type EventLists, type MusicEvent, PAST_EVENTS } from "@core/content/event";

/** Days before now an upcoming event may have started (a festival still running); both stores read them. */
export const RUNNING_DAYS = 31;

/**
 * Upcoming events soonest first, then past events most recent first (docs/product.md section 4),
 * the PAST_EVENTS most recent unless `all`. An event is upcoming until it ends (its start when no
 * end is known).
 */
export function eventLists(events: MusicEvent[], now: Date, all = false): EventLists {
  const t = now.getTime();
  const endOf = (e: MusicEvent) => Date.parse(e.endsAt ?? e.startsAt);
  const start = (e: MusicEvent) => Date.parse(e.startsAt);
  return {
    upcoming: events.filter((e) => endOf(e) >= t).sort((a, b) => start(a) - start(b)),
    past: events
      .filter((e) => endOf(e) < t)
      .sort((a, b) => start(b) - start(a))
      .slice(0, all ? undefined : PAST_EVENTS),
  };
}
