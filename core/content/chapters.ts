import type { MixtapeTrack } from "./mixtape";

/**
 * A mix's chapters: its tracklist entries with a cue time, as the player, the mixtape page, the
 * podcast's JSON chapters file and lock screens show them (docs/decisions/062).
 */
export interface Chapter {
  /** Seconds from the start of the mix. */
  start: number;
  /** "Artist – Title", as the tracklist writes an entry. */
  title: string;
}

/** A cue's seconds: "MM:SS", "H:MM:SS" or plain seconds. */
export function cueSeconds(cue: string): number {
  return cue
    .split(":")
    .map((part) => Number.parseInt(part, 10) || 0)
    .reduce((total, part) => total * 60 + part, 0);
}

/** The entries with a cue, in the order they play; none when fewer than two have one. */
export function chaptersOf(tracklist: readonly MixtapeTrack[]): Chapter[] {
  const chapters = tracklist
    .filter((t) => t.time)
    .map((t) => ({ start: cueSeconds(t.time as string), title: `${t.artist} – ${t.title}` }))
    .sort((a, b) => a.start - b.start);
  return chapters.length >= 2 ? chapters : [];
}

/** The chapter playing at `position` seconds: its index, or -1 before the first cue. */
export function chapterIndexAt(chapters: readonly Chapter[], position: number): number {
  let index = -1;
  for (const [i, chapter] of chapters.entries()) {
    if (chapter.start <= position + 0.25) index = i;
    else break;
  }
  return index;
}

/** Podcastindex's JSON chapters format (version 1.2.0) for a mix. */
export function jsonChapters(chapters: readonly Chapter[]): string {
  return JSON.stringify({
    version: "1.2.0",
    chapters: chapters.map((c) => ({ startTime: c.start, title: c.title })),
  });
}
