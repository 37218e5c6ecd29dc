/**
 * The moment a shared link points at (docs/product.md section 2, docs/decisions/031): `t` in
 * seconds ("83"), clock form ("1:23", "1:02:03") or units ("1h2m3s", "2m", "45s"); `track` a
 * 1-based track number. Anything else is ignored, never an error: a link still opens its page.
 */

/** The longest start time a link may ask for: a day, far beyond any mixtape. */
export const MAX_START_SECONDS = 24 * 60 * 60;

const CLOCK = /^(?:(\d{1,2}):)?(\d{1,3}):(\d{1,2})$/;
const UNITS = /^(?:(\d{1,2})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s?)?$/i;

/** Seconds from a `t` value, or null when it is missing, malformed, zero or too large. */
export function parseStartTime(value: string | null | undefined): number | null {
  const text = value?.trim() ?? "";
  if (!text) return null;
  let seconds: number | null = null;
  const clock = text.match(CLOCK);
  if (clock) {
    const [, h, m, s] = clock;
    if (Number(s) < 60 && (h === undefined || Number(m) < 60))
      seconds = Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s);
  } else {
    const units = text.match(UNITS);
    if (units && /\d/.test(text)) {
      const [, h, m, s] = units;
      seconds = Number(h ?? 0) * 3600 + Number(m ?? 0) * 60 + Number(s ?? 0);
    }
  }
  return seconds && seconds > 0 && seconds <= MAX_START_SECONDS ? seconds : null;
}

/** A 1-based track number from a `track` value, or null. */
export function parseTrackNumber(value: string | null | undefined): number | null {
  const text = value?.trim() ?? "";
  if (!/^\d{1,3}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 ? n : null;
}

/** The `t` value a share link writes: whole seconds, in the units form ("1m23s"). */
export function formatStartTime(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h ? `${h}h` : ""}${h || m ? `${m}m` : ""}${s}s`;
}

/** A page URL with the moment's parameters (none when there is no moment). */
export function momentUrl(pageUrl: string, moment: { start?: number | null; track?: number | null }): string {
  const url = new URL(pageUrl);
  url.searchParams.delete("t");
  url.searchParams.delete("track");
  if (moment.track) url.searchParams.set("track", String(moment.track));
  if (moment.start && moment.start >= 1) url.searchParams.set("t", formatStartTime(moment.start));
  return url.toString();
}
