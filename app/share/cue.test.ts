import {
  cueTrackAtom,
  currentTrackAtom,
  isPlayingAtom,
  persistedAtom,
  playTrackAtom,
  progressAtom,
  restoreAtom,
  seekRequestAtom,
  volumeAtom,
} from "@app/player/atoms";
import type { PlayableTrack } from "@app/player/tracks";
import { createStore } from "jotai";
import { describe, expect, it } from "vitest";

const base = { artist: "Artist", thumbnail: null, duration: null, postSlug: "r", postId: 1 };
const track = (n: number): PlayableTrack => ({
  ...base,
  id: `t${n}`,
  title: `Track ${n}`,
  sources: { mp3: `/media/audio/${n}.mp3` },
  context: "release",
});

describe("cueing a shared moment", () => {
  it("makes the track current, paused at the moment, and the first Play starts there", () => {
    const store = createStore();
    store.set(cueTrackAtom, {
      track: track(2),
      list: [track(1), track(2)],
      at: 83,
      link: "/releases/r?t=83",
    });
    expect(store.get(currentTrackAtom)?.id).toBe("t2");
    expect(store.get(isPlayingAtom)).toBe(false);
    expect(store.get(progressAtom).position).toBe(83);
    expect(store.get(seekRequestAtom)?.to).toBe(83);
    store.set(playTrackAtom, { track: track(2) });
    expect(store.get(isPlayingAtom)).toBe(true);
    expect(store.get(progressAtom).position).toBe(83);
    expect(store.get(persistedAtom).cue).toBe("/releases/r?t=83");
  });

  it("keeps its track when the saved session restores after it; the saved volume still applies", () => {
    const store = createStore();
    store.set(cueTrackAtom, { track: track(1), at: 10, link: "/blog/a?t=10" });
    store.set(restoreAtom, { track: track(3), list: [track(3)], isPlaying: true, volume: 0.4, position: 50 });
    expect(store.get(currentTrackAtom)?.id).toBe("t1");
    expect(store.get(progressAtom).position).toBe(10);
    expect(store.get(volumeAtom)).toBe(0.4);
  });

  it("a restore without a cue resumes the saved position and remembers the saved cue", () => {
    const store = createStore();
    store.set(restoreAtom, {
      track: track(3),
      isPlaying: false,
      volume: 1,
      position: 50,
      cue: "/blog/a?t=10",
    });
    expect(store.get(currentTrackAtom)?.id).toBe("t3");
    expect(store.get(seekRequestAtom)?.to).toBe(50);
    expect(store.get(persistedAtom).cue).toBe("/blog/a?t=10");
  });
});
