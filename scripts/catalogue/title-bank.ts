import type { Rng } from "../content/random";
import { TITLE_FIRST, TITLE_SECOND, TITLE_SINGLE } from "./data/words";

/** Invented track and record titles, never the same twice in one catalogue. */
export class TitleBank {
  private used = new Set<string>();
  constructor(private rng: Rng) {}
  next(): string {
    for (;;) {
      const title = this.rng.chance(0.35)
        ? this.rng.pick(TITLE_SINGLE)
        : `${this.rng.pick(TITLE_FIRST)} ${this.rng.pick(TITLE_SECOND)}`;
      if (!this.used.has(title)) {
        this.used.add(title);
        return title;
      }
    }
  }
  reserve(title: string): string {
    this.used.add(title);
    return title;
  }
}
