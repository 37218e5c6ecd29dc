import { useAtomValue, useSetAtom } from "jotai";
import { Icon } from "../components/icons";
import { currentTrackAtom, isPlayingAtom, playTrackAtom } from "./atoms";
import { preloadPlayer } from "./player-host";
import type { PlayableTrack } from "./tracks";

interface PlayButtonProps {
  track: PlayableTrack;
  list?: PlayableTrack[];
  /** Visible text; the accessible name always says what plays. */
  label?: string;
  className?: string;
  /** Start this many seconds in (a mixtape's tracklist cue). */
  startAt?: number;
  /** A fuller accessible name than "Play {title} by {artist}". */
  labelOverride?: string;
}

/** Plays a track (with its list) in the persistent player; on the current track it toggles. */
export function PlayButton({ track, list, label, className, startAt, labelOverride }: PlayButtonProps) {
  const current = useAtomValue(currentTrackAtom);
  const playing = useAtomValue(isPlayingAtom);
  const play = useSetAtom(playTrackAtom);
  const active = current?.id === track.id && startAt === undefined;
  const showPause = active && playing;
  return (
    <button
      type="button"
      className={`play-button${active ? " play-button--active" : ""}${className ? ` ${className}` : ""}`}
      aria-label={
        label
          ? undefined
          : (labelOverride ?? `${showPause ? "Pause" : "Play"} ${track.title} by ${track.artist}`)
      }
      aria-pressed={startAt === undefined ? active && playing : undefined}
      onPointerEnter={() => preloadPlayer(track)}
      onFocus={() => preloadPlayer(track)}
      onTouchStart={() => preloadPlayer(track)}
      onClick={() => play({ track, list, startAt, viewportWidth: window.innerWidth })}
    >
      <Icon name={showPause ? "pause" : "play"} />
      {label ? (
        <span>
          {showPause ? "Pause" : label}
          {/* The visible label starts the accessible name, which then says what plays. */}
          <span className="visually-hidden">{` ${track.title} by ${track.artist}`}</span>
        </span>
      ) : null}
    </button>
  );
}
