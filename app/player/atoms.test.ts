import { createStore } from "jotai";
import { describe, expect, it } from "vitest";
import {
  addToQueueAtom,
  autoPlayAtom,
  currentTrackAtom,
  isPlayingAtom,
  nextTrackAtom,
  persistedAtom,
  playFromQueueAtom,
  playNextAtom,
  playTrackAtom,
  previousTrackAtom,
  progressAtom,
  removeFromQueueAtom,
  reportProgressAtom,
  restoreAtom,
  seekByAtom,
  setVolumeAtom,
  trackEndedAtom,
  trackListAtom,
  upNextAtom,
  videoOpenAtom,
  volumeAtom,
} from "./atoms";
import type { PlayableTrack } from "./tracks";

function track(n: number): PlayableTrack {
  return {
    id: `t${n}`,
    title: `Track ${n}`,
    artist: "Artist",
    sources: { mp3: `/media/audio/${n}.mp3` },
    thumbnail: null,
    duration: null,
    context: "blogpost",
    postSlug: `post-${n}`,
    postId: n,
  };
}
const list = [track(1), track(2), track(3)];

describe("player atoms", () => {
  it("starts with no track, not playing, volume 1 and auto-play on", () => {
    const store = createStore();
    expect(store.get(currentTrackAtom)).toBeNull();
    expect(store.get(isPlayingAtom)).toBe(false);
    expect(store.get(volumeAtom)).toBe(1);
    expect(store.get(autoPlayAtom)).toBe(true);
  });

  it("plays a track, and play on the same track toggles", () => {
    const store = createStore();
    store.set(playTrackAtom, { track: list[0] as PlayableTrack, list });
    expect(store.get(currentTrackAtom)?.id).toBe("t1");
    expect(store.get(isPlayingAtom)).toBe(true);
    store.set(playTrackAtom, { track: list[0] as PlayableTrack, list });
    expect(store.get(isPlayingAtom)).toBe(false);
    store.set(playTrackAtom, { track: list[0] as PlayableTrack, list });
    expect(store.get(isPlayingAtom)).toBe(true);
  });

  it("advances to the next track when one ends, wrapping to the first", () => {
    const store = createStore();
    store.set(playTrackAtom, { track: list[1] as PlayableTrack, list });
    store.set(trackEndedAtom);
    expect(store.get(currentTrackAtom)?.id).toBe("t3");
    store.set(trackEndedAtom);
    expect(store.get(currentTrackAtom)?.id).toBe("t1");
    expect(store.get(isPlayingAtom)).toBe(true);
  });

  it("names the track up next: the following one, none with auto-play off or alone in the list", () => {
    const store = createStore();
    expect(store.get(upNextAtom)).toBeNull();
    store.set(playTrackAtom, { track: list[2] as PlayableTrack, list });
    expect(store.get(upNextAtom)?.id).toBe("t1");
    store.set(autoPlayAtom, false);
    expect(store.get(upNextAtom)).toBeNull();
    store.set(autoPlayAtom, true);
    store.set(playTrackAtom, { track: list[0] as PlayableTrack, list: [list[0] as PlayableTrack] });
    expect(store.get(upNextAtom)).toBeNull();
  });

  it("stops at the end of a track when auto-play is off", () => {
    const store = createStore();
    store.set(autoPlayAtom, false);
    store.set(playTrackAtom, { track: list[0] as PlayableTrack, list });
    store.set(trackEndedAtom);
    expect(store.get(currentTrackAtom)?.id).toBe("t1");
    expect(store.get(isPlayingAtom)).toBe(false);
  });

  it("steps next and previous with wrap-around", () => {
    const store = createStore();
    store.set(playTrackAtom, { track: list[0] as PlayableTrack, list });
    store.set(previousTrackAtom);
    expect(store.get(currentTrackAtom)?.id).toBe("t3");
    store.set(nextTrackAtom);
    expect(store.get(currentTrackAtom)?.id).toBe("t1");
  });

  it("minimizes the video panel below 1024 px, re-evaluated on each track switch", () => {
    const store = createStore();
    store.set(playTrackAtom, { track: list[0] as PlayableTrack, list, viewportWidth: 375 });
    expect(store.get(videoOpenAtom)).toBe(false);
    store.set(playTrackAtom, { track: list[1] as PlayableTrack, list, viewportWidth: 1280 });
    expect(store.get(videoOpenAtom)).toBe(true);
    store.set(nextTrackAtom, 800);
    expect(store.get(videoOpenAtom)).toBe(false);
  });

  it("keeps the volume between 0 and 1 in steps of 0.1", () => {
    const store = createStore();
    store.set(setVolumeAtom, 0.46);
    expect(store.get(volumeAtom)).toBe(0.5);
    store.set(setVolumeAtom, 7);
    expect(store.get(volumeAtom)).toBe(1);
    store.set(setVolumeAtom, -1);
    expect(store.get(volumeAtom)).toBe(0);
  });

  it("seeks by ±10 s within the track", () => {
    const store = createStore();
    store.set(playTrackAtom, { track: list[0] as PlayableTrack, list });
    store.set(reportProgressAtom, { position: 5, duration: 30 });
    store.set(seekByAtom, 10);
    expect(store.get(progressAtom).position).toBe(15);
    store.set(seekByAtom, 10);
    store.set(seekByAtom, 10);
    expect(store.get(progressAtom).position).toBe(30);
    store.set(seekByAtom, -100);
    expect(store.get(progressAtom).position).toBe(0);
  });

  it("persists the current track, play state and volume, and restores them", () => {
    const first = createStore();
    first.set(playTrackAtom, { track: list[2] as PlayableTrack, list });
    first.set(setVolumeAtom, 0.3);
    const saved = JSON.parse(JSON.stringify(first.get(persistedAtom)));

    const second = createStore();
    second.set(restoreAtom, saved);
    expect(second.get(currentTrackAtom)?.id).toBe("t3");
    expect(second.get(isPlayingAtom)).toBe(true);
    expect(second.get(volumeAtom)).toBe(0.3);
    second.set(trackEndedAtom);
    expect(second.get(currentTrackAtom)?.id).toBe("t1");
  });

  it("ignores malformed saved state", () => {
    const store = createStore();
    store.set(restoreAtom, { track: { nope: true }, volume: "loud" });
    store.set(restoreAtom, null);
    expect(store.get(currentTrackAtom)).toBeNull();
    expect(store.get(volumeAtom)).toBe(1);
  });
});

const ids = (store: ReturnType<typeof createStore>) => store.get(trackListAtom).map((t) => t.id);

describe("the queue", () => {
  it("advances in the page's order from the track pressed, wherever it is listed", () => {
    const store = createStore();
    store.set(playTrackAtom, { track: track(2), list: [track(1), track(2), track(3)] });
    store.set(nextTrackAtom);
    expect(store.get(currentTrackAtom)?.id).toBe("t3");
  });

  it("puts Play next right after the current track and Add to queue at the end, each track once", () => {
    const store = createStore();
    store.set(playTrackAtom, { track: track(1), list: [track(1), track(2), track(3)] });
    store.set(addToQueueAtom, track(9));
    store.set(playNextAtom, track(8));
    expect(ids(store)).toEqual(["t1", "t8", "t2", "t3", "t9"]);
    // Queued again, a track moves rather than appearing twice.
    store.set(playNextAtom, track(9));
    expect(ids(store)).toEqual(["t1", "t9", "t8", "t2", "t3"]);
    store.set(nextTrackAtom);
    expect(store.get(currentTrackAtom)?.id).toBe("t9");
  });

  it("starts a queued track when nothing plays", () => {
    const store = createStore();
    store.set(addToQueueAtom, track(5));
    expect(store.get(currentTrackAtom)?.id).toBe("t5");
    expect(ids(store)).toEqual(["t5"]);
  });

  it("plays any queued track by id, and removes any but the current one", () => {
    const store = createStore();
    store.set(playTrackAtom, { track: track(1), list: [track(1), track(2), track(3)] });
    store.set(playFromQueueAtom, "t3");
    expect(store.get(currentTrackAtom)?.id).toBe("t3");
    store.set(removeFromQueueAtom, "t3");
    store.set(removeFromQueueAtom, "t1");
    expect(ids(store)).toEqual(["t2", "t3"]);
  });

  it("survives a reload with the current track", () => {
    const store = createStore();
    store.set(playTrackAtom, { track: track(1), list: [track(1)] });
    store.set(addToQueueAtom, track(4));
    const saved = JSON.parse(JSON.stringify(store.get(persistedAtom)));
    const reloaded = createStore();
    reloaded.set(restoreAtom, saved);
    expect(ids(reloaded)).toEqual(["t1", "t4"]);
    expect(reloaded.get(currentTrackAtom)?.id).toBe("t1");
  });
});
