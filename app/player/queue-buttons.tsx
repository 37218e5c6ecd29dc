import { useSetAtom } from "jotai";
import { addToQueueAtom, playNextAtom } from "./atoms";
import { preloadPlayer } from "./player-host";
import type { PlayableTrack } from "./tracks";

/**
 * "Play next" and "Add to queue" for one track (docs/product.md section 4, "Up next"), on cards
 * and tracklist rows. The visible words start each accessible name, which then says what is queued.
 */
export function QueueButtons({ track, className }: { track: PlayableTrack; className?: string }) {
  const playNext = useSetAtom(playNextAtom);
  const addToQueue = useSetAtom(addToQueueAtom);
  const button = (label: string, act: typeof playNext) => (
    <button
      type="button"
      className="queue-buttons__button"
      onPointerEnter={() => preloadPlayer(track)}
      onFocus={() => preloadPlayer(track)}
      onClick={() => act(track, window.innerWidth)}
    >
      {label}
      <span className="visually-hidden">{` ${track.title} by ${track.artist}`}</span>
    </button>
  );
  return (
    <span className={`queue-buttons${className ? ` ${className}` : ""}`}>
      {button("Play next", playNext)}
      {button("Add to queue", addToQueue)}
    </span>
  );
}
