import type { Chapter } from "@core/content/chapters";
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
import { useChapterIndex } from "../chapters";
import { mediaArtwork, withNaturalSize } from "./media-artwork";

/** Lock screens and media keys: metadata and actions through the Media Session API. */
export function useMediaSession(chapters: readonly Chapter[] = []) {
  const track = useAtomValue(currentTrackAtom);
  // A mix shows the chapter playing: "Artist – Title" over the mix's own artist and title.
  const chapter = chapters[useChapterIndex(chapters)];
  const playing = useAtomValue(isPlayingAtom);
  const toggle = useSetAtom(togglePlayAtom);
  const next = useSetAtom(nextTrackAtom);
  const previous = useSetAtom(previousTrackAtom);
  const seek = useSetAtom(seekAtom);

  useEffect(() => {
    if (!("mediaSession" in navigator) || !track) return;
    const cover = track.thumbnail ? mediaArtwork(track.thumbnail, location.href) : null;
    const metadata = (artwork: MediaImage[]) =>
      new MediaMetadata(
        chapter
          ? { title: chapter.title, artist: track.artist, album: track.title, artwork }
          : { title: track.title, artist: track.artist, artwork },
      );
    navigator.mediaSession.metadata = metadata(cover ? [cover] : []);
    // A bitmap's size is known once it has loaded (the page has it cached: it shows the cover).
    let current = true;
    if (cover && !cover.sizes) {
      const image = new Image();
      image.onload = () => {
        if (current)
          navigator.mediaSession.metadata = metadata([
            withNaturalSize(cover, image.naturalWidth, image.naturalHeight),
          ]);
      };
      image.src = cover.src;
    }
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
    return () => {
      current = false;
    };
  }, [track, chapter, toggle, next, previous, seek]);

  useEffect(() => {
    if ("mediaSession" in navigator)
      navigator.mediaSession.playbackState = track ? (playing ? "playing" : "paused") : "none";
  }, [track, playing]);
}
