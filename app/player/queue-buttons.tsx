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
  const what = <span className="visually-hidden">{` ${track.title} by ${track.artist}`}</span>;
  const preload = () => preloadPlayer(track);
  return (
    <span className={`queue-buttons${className ? ` ${className}` : ""}`}>
      <button
        type="button"
        className="queue-buttons__button"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => playNext(track, window.innerWidth)}
      >
        Play next{what}
      </button>
      <button
        type="button"
        className="queue-buttons__button"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => addToQueue(track, window.innerWidth)}
      >
        Add to queue{what}
      </button>
    </span>
  );
}
