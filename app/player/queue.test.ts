import { createStore } from "jotai";
import { describe, expect, it } from "vitest";
import {
  addToQueueAtom,
  currentTrackAtom,
  nextTrackAtom,
  persistedAtom,
  playFromQueueAtom,
  playNextAtom,
  playTrackAtom,
  removeFromQueueAtom,
  restoreAtom,
  trackListAtom,
} from "./atoms";
import type { PlayableTrack } from "./tracks";

const track = (n: number): PlayableTrack => ({
  id: `t${n}`,
  title: `Track ${n}`,
  artist: "Artist",
  sources: { mp3: `/media/audio/${n}.mp3` },
  thumbnail: null,
  duration: null,
  context: "release",
  postSlug: "release",
  postId: 1,
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
