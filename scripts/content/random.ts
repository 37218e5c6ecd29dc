/**
 * A tiny seeded PRNG (mulberry32) for the demo covers (scripts/media/covers.ts) and the name
 * hash of artist slugs (scripts/content/artist-slugs.ts): the same seed gives the same sequence
 * on every run and every runtime (Node, workerd), so both are reproducible.
 */

export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** One element, each weighted by the matching entry of `weights`. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T;
  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[];
  /** `count` distinct elements in random order (all of them if the list is shorter). */
  sample<T>(items: readonly T[], count: number): T[];
  /** A string of `length` characters drawn from `alphabet`. */
  string(alphabet: string, length: number): string;
}

/** The mulberry32 generator: 32-bit state, period 2^32, good enough for demo content. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a hash of a string, used to derive independent seeds from names. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function createRng(seed: number | string): Rng {
  const next = mulberry32(typeof seed === "string" ? hashString(seed) : seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = items.slice();
    for (let i = copy.length - 1; i > 0; i--) {
      const j = int(0, i);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error("pick() from an empty list");
      return items[int(0, items.length - 1)] as T;
    },
    weighted<T>(items: readonly T[], weights: readonly number[]): T {
      const total = weights.reduce((sum, w) => sum + w, 0);
      let roll = next() * total;
      for (let i = 0; i < items.length; i++) {
        roll -= weights[i] ?? 0;
        if (roll < 0) return items[i] as T;
      }
      return items[items.length - 1] as T;
    },
    shuffle,
    sample: (items, count) => shuffle(items).slice(0, count),
    string(alphabet, length) {
      let out = "";
      for (let i = 0; i < length; i++) out += alphabet[int(0, alphabet.length - 1)];
      return out;
    },
  };
}
