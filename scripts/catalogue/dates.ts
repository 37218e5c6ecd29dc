import type { Rng } from "../content/random";

/** Epoch milliseconds → 'YYYY-MM-DD' (UTC). */
export const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `count` distinct times in [from, to), on five-minute steps between 07:00 and 21:59 UTC, sorted. */
export function distinctTimes(rng: Rng, count: number, from: number, to: number): number[] {
  const step = 5 * 60_000;
  const times = new Set<number>();
  while (times.size < count) {
    const t = from + Math.floor((rng.next() * (to - from)) / step) * step;
    const hour = new Date(t).getUTCHours();
    if (hour >= 7 && hour <= 21) times.add(t);
  }
  return [...times].sort((a, b) => a - b);
}
