import type { Chapter } from "@core/content/chapters";
import { useEffect, useState } from "react";
import type { PlayableTrack } from "../tracks";

type JsonChapters = { chapters?: Array<{ startTime: number; title: string }> };

/** One request per mix and page view: the chapters of a mix do not change while it plays. */
const fetched = new Map<string, Promise<Chapter[]>>();

function chaptersOfMix(slug: string): Promise<Chapter[]> {
  let chapters = fetched.get(slug);
  if (!chapters) {
    chapters = fetch(`/mixtapes/${encodeURIComponent(slug)}/chapters.json`)
      .then((res) => (res.ok ? (res.json() as Promise<JsonChapters>) : { chapters: [] }))
      .then((body: JsonChapters) =>
        (body.chapters ?? []).map((c) => ({ start: c.startTime, title: c.title })),
      )
      .catch(() => {
        fetched.delete(slug);
        return [];
      });
    fetched.set(slug, chapters);
  }
  return chapters;
}

/**
 * The chapters of the mix that plays, from its JSON chapters file (the podcast's, worker/feeds):
 * a mix started from a card carries no tracklist, so the player asks for it (docs/decisions/062).
 * Any other track has none.
 */
export function useChapters(track: PlayableTrack | null): Chapter[] {
  const slug = track?.context === "mixtape" ? track.postSlug : null;
  const [state, setState] = useState<{ slug: string | null; chapters: Chapter[] }>({
    slug: null,
    chapters: [],
  });
  useEffect(() => {
    if (!slug) return;
    let live = true;
    void chaptersOfMix(slug).then((chapters) => live && setState({ slug, chapters }));
    return () => {
      live = false;
    };
  }, [slug]);
  return state.slug === slug ? state.chapters : [];
}
