import { useAtomValue, useSetAtom } from "jotai";
import { useEffect } from "react";
import {
  currentTrackAtom,
  isPlayingAtom,
  nextTrackAtom,
  previousTrackAtom,
  seekAtom,
  togglePlayAtom,
} from "../atoms";

/** Lock screens and media keys: metadata and actions through the Media Session API. */
export function useMediaSession() {
  const track = useAtomValue(currentTrackAtom);
  const playing = useAtomValue(isPlayingAtom);
  const toggle = useSetAtom(togglePlayAtom);
  const next = useSetAtom(nextTrackAtom);
  const previous = useSetAtom(previousTrackAtom);
  const seek = useSetAtom(seekAtom);

  useEffect(() => {
    if (!("mediaSession" in navigator) || !track) return;
    const artwork = track.thumbnail
      ? [{ src: new URL(track.thumbnail, location.href).href, sizes: "600x600", type: "image/svg+xml" }]
      : [];
    navigator.mediaSession.metadata = new MediaMetadata({
      title: track.title,
      artist: track.artist,
      artwork,
    });
    const handlers: Array<[MediaSessionAction, MediaSessionActionHandler]> = [
      ["play", () => toggle()],
      ["pause", () => toggle()],
      ["previoustrack", () => previous(window.innerWidth)],
      ["nexttrack", () => next(window.innerWidth)],
      ["seekto", (details) => details.seekTime !== undefined && seek(details.seekTime)],
    ];
    for (const [action, handler] of handlers) {
      try {
        navigator.mediaSession.setActionHandler(action, handler);
      } catch {
        // Older browsers lack some actions.
      }
    }
  }, [track, toggle, next, previous, seek]);

  useEffect(() => {
    if ("mediaSession" in navigator)
      navigator.mediaSession.playbackState = track ? (playing ? "playing" : "paused") : "none";
  }, [track, playing]);
}
