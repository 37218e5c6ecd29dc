import type { Chapter } from "@core/content/chapters";
import type { PlayableTrack } from "../tracks";
import { useFetched } from "./use-fetched";

const NO_CHAPTERS: Chapter[] = [];

/** A JSON chapters file's chapters (worker/feeds); none for any other body. */
function readChapters(body: unknown): Chapter[] {
  const chapters = (body as { chapters?: Array<{ startTime: number; title: string }> } | null)?.chapters;
  return Array.isArray(chapters)
    ? chapters.map((c) => ({ start: c.startTime, title: c.title }))
    : NO_CHAPTERS;
}

/**
 * The chapters of the mix that plays, from its JSON chapters file (the podcast's, worker/feeds):
 * a mix started from a card carries no tracklist, so the player asks for it (docs/decisions/062).
 * Any other track has none.
 */
export function useChapters(track: PlayableTrack | null): Chapter[] {
  const slug = track?.context === "mixtape" ? track.postSlug : null;
  const url = slug ? `/mixtapes/${encodeURIComponent(slug)}/chapters.json` : null;
  return useFetched(url, readChapters, NO_CHAPTERS);
}
