import { useAtomValue } from "jotai";
import { lazy, Suspense, useEffect } from "react";
import { currentTrackAtom } from "./atoms";
import { loadEngine } from "./load-engine";
import { type PlayableTrack, pickSource } from "./tracks";
import { usePersistence } from "./use-persistence";

const loadPlayerBar = () => import("./on-use/player-bar");

// The bar, its engines, shortcuts and Media Session load with the first track, not with every
// page: most visits never play anything (docs/decisions/019, initial JavaScript budget).
const PlayerBar = lazy(() => loadPlayerBar().then((m) => ({ default: m.PlayerBar })));

/**
 * Starts fetching the player and the track's engine when a visitor shows intent to play (hover,
 * focus, touch), so a click rarely waits for code.
 */
export function preloadPlayer(track: PlayableTrack) {
  void loadPlayerBar();
  const source = pickSource(track);
  if (source) void loadEngine[source.kind]();
}

/**
 * Lives in the root layout, outside the route outlet, so navigation never interrupts playback
 * (docs/decisions/006). It restores the persisted track after hydration and mounts the player
 * bar while a track is current.
 */
export function PlayerHost() {
  usePersistence();
  const track = useAtomValue(currentTrackAtom);

  // The footer gets extra room while a track is current (docs/product.md section 2).
  useEffect(() => {
    document.body.classList.toggle("has-player", Boolean(track));
  }, [track]);

  return track ? (
    <Suspense fallback={null}>
      <PlayerBar />
    </Suspense>
  ) : null;
}
