import { useAtomValue, useSetAtom } from "jotai";
import { currentTrackAtom, playFromQueueAtom, removeFromQueueAtom, trackListAtom } from "../atoms";

/**
 * The queue (docs/product.md section 4, "Up next"): the list the player advances through, in
 * order, the current track marked. Any track plays by click; any other can be taken out.
 * Loaded the first time a visitor opens it (docs/decisions/030-queue-feeds-demo.md).
 */
export function QueuePanel({ id, onClose }: { id: string; onClose: () => void }) {
  const list = useAtomValue(trackListAtom);
  const current = useAtomValue(currentTrackAtom);
  const play = useSetAtom(playFromQueueAtom);
  const remove = useSetAtom(removeFromQueueAtom);
  return (
    <section id={id} className="queue-panel" aria-labelledby={`${id}-heading`}>
      <header className="queue-panel__header">
        <h2 id={`${id}-heading`}>Queue</h2>
        <button type="button" className="button button--ghost button--small" onClick={onClose}>
          Close
        </button>
      </header>
      <ol className="queue-panel__list">
        {list.map((track, index) => {
          const isCurrent = track.id === current?.id;
          return (
            <li
              key={track.id}
              className={`queue-panel__item${isCurrent ? " queue-panel__item--current" : ""}`}
              aria-current={isCurrent ? "true" : undefined}
            >
              <button
                type="button"
                className="queue-panel__play"
                onClick={() => play(track.id, window.innerWidth)}
                aria-label={`${isCurrent ? "Now playing" : "Play"} ${track.title} by ${track.artist}`}
              >
                <span className="queue-panel__pos">{isCurrent ? "▶" : index + 1}</span>
                <span className="queue-panel__text">
                  <span className="queue-panel__title">{track.title}</span>
                  <span className="queue-panel__artist">
                    {isCurrent ? "Now playing · " : ""}
                    {track.artist}
                  </span>
                </span>
              </button>
              {isCurrent ? null : (
                <button
                  type="button"
                  className="icon-button icon-button--small queue-panel__remove"
                  aria-label={`Remove ${track.title} from the queue`}
                  onClick={() => remove(track.id)}
                >
                  ×
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
