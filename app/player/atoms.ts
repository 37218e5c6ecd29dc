import { atom, type Getter, type Setter } from "jotai";
import type { PlayableTrack } from "./tracks";

/** docs/product.md section 9: volume runs from 0 to 1 in steps of 0.1, default 1. */
export const VOLUME_STEP = 0.1;
/** docs/product.md section 9: the mobile breakpoint; below it the video panel starts minimized. */
export const MOBILE_BREAKPOINT = 1024;
export const STORAGE_KEY = "crossfade.player";

export function clampVolume(value: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.round(Math.min(1, Math.max(0, value)) * 10) / 10;
}

// Primitives stay private: components read the derived atoms and change state through the
// write atoms below (docs/conventions.md "State").
const currentTrack = atom<PlayableTrack | null>(null);
const trackList = atom<PlayableTrack[]>([]);
const playing = atom(false);
const volume = atom(1);
const muted = atom(false);
const autoPlay = atom(true);
const videoOpen = atom(true);
const position = atom(0);
const duration = atom(0);
/** Bumps each time a track starts, so the same track can start again (a one-track list wraps). */
const generation = atom(0);
const failure = atom<string | null>(null);
/** Bumps on every seek request so the engine can act on it. */
const seekRequest = atom<{ to: number; n: number } | null>(null);
/** The shared link (path and query) whose moment was cued on this page view, if any. */
const cueLink = atom<string | null>(null);

export const currentTrackAtom = atom((get) => get(currentTrack));
export const trackListAtom = atom((get) => get(trackList));
export const isPlayingAtom = atom((get) => get(playing));
export const volumeAtom = atom((get) => get(volume));
export const mutedAtom = atom((get) => get(muted));
export const autoPlayAtom = atom(
  (get) => get(autoPlay),
  (_get, set, on: boolean) => set(autoPlay, on),
);
export const videoOpenAtom = atom(
  (get) => get(videoOpen),
  (_get, set, open: boolean) => set(videoOpen, open),
);
export const progressAtom = atom((get) => ({ position: get(position), duration: get(duration) }));
export const failureAtom = atom((get) => get(failure));
export const playGenerationAtom = atom((get) => get(generation));
export const seekRequestAtom = atom((get) => get(seekRequest));

export interface PlayRequest {
  track: PlayableTrack;
  /** The list the track belongs to, for next/previous and auto-play; defaults to the track alone. */
  list?: PlayableTrack[];
  /** Viewport width, so the video panel starts minimized on small screens (docs/product.md section 4). */
  viewportWidth?: number;
  /** Start (or jump, on the current track) this many seconds in. */
  startAt?: number;
}

/** Plays a track; on the current track it toggles play and pause (docs/product.md section 4). */
export const playTrackAtom = atom(null, (get, set, request: PlayRequest) => {
  const current = get(currentTrack);
  if (current && current.id === request.track.id) {
    if (request.startAt === undefined) set(playing, !get(playing));
    else {
      set(playing, true);
      set(seekAtom, request.startAt);
    }
    return;
  }
  const list = request.list?.some((t) => t.id === request.track.id) ? request.list : [request.track];
  set(trackList, list);
  startTrack(set, request.track, request.viewportWidth);
  if (request.startAt) {
    set(position, request.startAt);
    set(seekRequest, { to: request.startAt, n: (get(seekRequest)?.n ?? 0) + 1 });
  }
});

function startTrack(set: Setter, track: PlayableTrack, viewportWidth?: number) {
  set(generation, (n) => n + 1);
  set(currentTrack, track);
  set(playing, true);
  set(position, 0);
  set(duration, 0);
  set(failure, null);
  set(seekRequest, null);
  if (viewportWidth !== undefined) set(videoOpen, viewportWidth >= MOBILE_BREAKPOINT);
}

export interface CueRequest {
  track: PlayableTrack;
  list?: PlayableTrack[];
  /** Seconds in; 0 cues the start. */
  at: number;
  /** The link that asked for it, so a reload of that link resumes instead of cueing again. */
  link: string;
}

/**
 * Cues a shared moment (docs/decisions/031): the track is current and paused at `at`, so the
 * visitor's first Play starts there (browsers refuse to start audio without a gesture).
 */
export const cueTrackAtom = atom(null, (get, set, cue: CueRequest) => {
  set(cueLink, cue.link);
  set(trackList, cue.list?.some((t) => t.id === cue.track.id) ? cue.list : [cue.track]);
  startTrack(set, cue.track);
  set(playing, false);
  set(position, cue.at);
  set(seekRequest, { to: cue.at, n: (get(seekRequest)?.n ?? 0) + 1 });
});

export const togglePlayAtom = atom(null, (get, set) => {
  if (get(currentTrack)) set(playing, !get(playing));
});

/** The engine reports what actually happens (playing, paused, blocked autoplay…). */
export const reportPlayingAtom = atom(null, (_get, set, isPlaying: boolean) => set(playing, isPlaying));
export const reportProgressAtom = atom(null, (_get, set, p: { position: number; duration: number }) => {
  set(position, Math.max(0, p.position));
  if (Number.isFinite(p.duration) && p.duration > 0) set(duration, p.duration);
});
export const reportFailureAtom = atom(null, (_get, set, message: string) => {
  set(failure, message);
  set(playing, false);
});

function step(get: Getter, delta: number): PlayableTrack | null {
  const list = get(trackList);
  const current = get(currentTrack);
  if (list.length === 0) return null;
  const index = list.findIndex((t) => t.id === current?.id);
  return list[(index + delta + list.length) % list.length] ?? null;
}

/**
 * The track that starts by itself when the current one ends: the next in the list when auto-play
 * is on and there is another, else none. The player loads it ahead (docs/decisions/061).
 */
export const upNextAtom = atom((get) => {
  if (!get(autoPlay) || !get(currentTrack)) return null;
  const next = step(get, 1);
  return next && next.id !== get(currentTrack)?.id ? next : null;
});

/** Next in the list, wrapping to the first at the end. */
export const nextTrackAtom = atom(null, (get, set, viewportWidth?: number) => {
  const next = step(get, 1);
  if (next) startTrack(set, next, viewportWidth);
});

export const previousTrackAtom = atom(null, (get, set, viewportWidth?: number) => {
  const previous = step(get, -1);
  if (previous) startTrack(set, previous, viewportWidth);
});

/** A finished track advances when auto-play is on (the default), else stops (docs/product.md section 4). */
export const trackEndedAtom = atom(null, (get, set, viewportWidth?: number) => {
  if (get(autoPlay) && get(trackList).length > 0) {
    const next = step(get, 1);
    if (next) {
      startTrack(set, next, viewportWidth);
      return;
    }
  }
  set(playing, false);
});

/**
 * Queue edits (docs/product.md section 4, "Up next"). The list holds each track once: a track
 * queued again moves. With nothing current the track simply starts, as its play button would.
 */
function queue(get: Getter, set: Setter, track: PlayableTrack, at: "next" | "end", viewportWidth?: number) {
  const current = get(currentTrack);
  if (!current) {
    set(trackList, [track]);
    startTrack(set, track, viewportWidth);
    return;
  }
  if (track.id === current.id) return;
  const rest = get(trackList).filter((t) => t.id !== track.id);
  const index = at === "next" ? rest.findIndex((t) => t.id === current.id) + 1 : rest.length;
  set(trackList, [...rest.slice(0, index), track, ...rest.slice(index)]);
}

export const playNextAtom = atom(null, (get, set, track: PlayableTrack, viewportWidth?: number) =>
  queue(get, set, track, "next", viewportWidth),
);
export const addToQueueAtom = atom(null, (get, set, track: PlayableTrack, viewportWidth?: number) =>
  queue(get, set, track, "end", viewportWidth),
);

/** Plays a track of the queue (a click in the queue panel); the queue stays as it is. */
export const playFromQueueAtom = atom(null, (get, set, id: string, viewportWidth?: number) => {
  const track = get(trackList).find((t) => t.id === id);
  if (track && track.id !== get(currentTrack)?.id) startTrack(set, track, viewportWidth);
});

/** Takes a track out of the queue; the current one stays (it is what plays). */
export const removeFromQueueAtom = atom(null, (get, set, id: string) => {
  if (id !== get(currentTrack)?.id) set(trackList, (list) => list.filter((t) => t.id !== id));
});

export const setVolumeAtom = atom(null, (_get, set, value: number) => {
  set(volume, clampVolume(value));
  if (value > 0) set(muted, false);
});
export const toggleMuteAtom = atom(null, (get, set) => set(muted, !get(muted)));

/** Seeks to a position in seconds, clamped to the track. */
export const seekAtom = atom(null, (get, set, to: number) => {
  const max = get(duration) || Number.POSITIVE_INFINITY;
  const target = Math.min(Math.max(0, to), max);
  set(position, target);
  set(seekRequest, { to: target, n: (get(seekRequest)?.n ?? 0) + 1 });
});
/** Arrow keys seek by ±10 s (docs/product.md section 9). */
export const seekByAtom = atom(null, (get, set, delta: number) => set(seekAtom, get(position) + delta));

/** What survives a reload in sessionStorage: current track, play state and volume. */
export interface PersistedPlayer {
  track: PlayableTrack | null;
  list: PlayableTrack[];
  isPlaying: boolean;
  volume: number;
  position: number;
  /** The shared link last cued in this tab (docs/decisions/031). */
  cue?: string | null;
}

export const persistedAtom = atom<PersistedPlayer>((get) => ({
  track: get(currentTrack),
  list: get(trackList),
  isPlaying: get(playing),
  volume: get(volume),
  position: get(position),
  cue: get(cueLink),
}));

/**
 * Restores a saved player, ignoring anything malformed. A moment the page's link cued first
 * keeps its track; the saved volume still applies.
 */
export const restoreAtom = atom(null, (get, set, saved: unknown) => {
  if (!saved || typeof saved !== "object") return;
  const s = saved as Partial<PersistedPlayer>;
  if (typeof s.volume === "number") set(volume, clampVolume(s.volume));
  if (typeof s.cue === "string" && !get(cueLink)) set(cueLink, s.cue);
  if (get(currentTrack)) return;
  if (s.track && typeof s.track === "object" && typeof s.track.id === "string") {
    set(currentTrack, s.track);
    set(trackList, Array.isArray(s.list) && s.list.length ? s.list : [s.track]);
    set(playing, s.isPlaying === true);
    if (typeof s.position === "number" && s.position > 0) {
      set(position, s.position);
      set(seekRequest, { to: s.position, n: 1 });
    }
  }
});

// Names for the Jotai dev tools (docs/conventions.md); a production build drops them, as they
// would weigh on every page and embed.
if (import.meta.env.DEV) {
  currentTrack.debugLabel = "player/currentTrack";
  trackList.debugLabel = "player/trackList";
  playing.debugLabel = "player/playing";
  volume.debugLabel = "player/volume";
  muted.debugLabel = "player/muted";
  autoPlay.debugLabel = "player/autoPlay";
  videoOpen.debugLabel = "player/videoOpen";
  position.debugLabel = "player/position";
  duration.debugLabel = "player/duration";
  generation.debugLabel = "player/generation";
  failure.debugLabel = "player/failure";
  seekRequest.debugLabel = "player/seekRequest";
  cueLink.debugLabel = "player/cueLink";
  playTrackAtom.debugLabel = "player/playTrack";
  cueTrackAtom.debugLabel = "player/cueTrack";
  togglePlayAtom.debugLabel = "player/togglePlay";
  upNextAtom.debugLabel = "player/upNext";
  nextTrackAtom.debugLabel = "player/next";
  previousTrackAtom.debugLabel = "player/previous";
  trackEndedAtom.debugLabel = "player/trackEnded";
  playNextAtom.debugLabel = "player/playNext";
  addToQueueAtom.debugLabel = "player/addToQueue";
  playFromQueueAtom.debugLabel = "player/playFromQueue";
  removeFromQueueAtom.debugLabel = "player/removeFromQueue";
}
