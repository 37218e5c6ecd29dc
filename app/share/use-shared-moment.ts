import { type CueRequest, cueTrackAtom, STORAGE_KEY } from "@app/player/atoms";
import { parseStartTime, parseTrackNumber } from "@core/share/moment";
import { useSetAtom } from "jotai";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

export interface LinkMoment {
  /** Seconds from `t`, or null. */
  start: number | null;
  /** The 1-based number from `track`, or null. */
  track: number | null;
}

/** The link this tab cued last, from the saved player: a reload of it resumes instead. */
function savedCue(): string | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "null") as { cue?: unknown } | null;
    return typeof saved?.cue === "string" ? saved.cue : null;
  } catch {
    return null;
  }
}

/**
 * Cues the moment a detail page's link asks for (`t`, `track`: docs/product.md section 2,
 * docs/decisions/031) in the player, paused, after hydration. `pick` turns the valid parameters
 * into a track and a start; it returns null when the page has nothing to play there.
 */
export function useSharedMoment(pick: (moment: LinkMoment) => Omit<CueRequest, "link"> | null) {
  const location = useLocation();
  const cue = useSetAtom(cueTrackAtom);
  const latestPick = useRef(pick);
  latestPick.current = pick;
  const link = location.pathname + location.search;

  useEffect(() => {
    const params = new URLSearchParams(link.slice(link.indexOf("?") + 1));
    if (!link.includes("?")) return;
    const moment = { start: parseStartTime(params.get("t")), track: parseTrackNumber(params.get("track")) };
    if (moment.start === null && moment.track === null) return;
    if (savedCue() === link) return;
    const request = latestPick.current(moment);
    if (request) cue({ ...request, link });
  }, [link, cue]);
}
