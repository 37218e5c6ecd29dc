import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createMp3Engine } from "./mp3";
import type { EngineEvents } from "./types";

/**
 * The part of HTMLMediaElement the engine uses, with the HTML spec's timing: `paused` changes at
 * once when play() or pause() is called, while the "play", "playing" and "pause" events are
 * queued as tasks and fire later.
 */
class MediaElement extends EventTarget {
  paused = true;
  ended = false;
  currentTime = 0;
  duration = 30;
  volume = 1;
  muted = false;
  preload = "";
  src = "";
  readyState = 0;
  error = null;
  loads = 0;
  static made: MediaElement[] = [];

  constructor() {
    super();
    MediaElement.made.push(this);
  }
  load() {
    this.loads += 1;
    setTimeout(() => {
      this.readyState = 4;
      this.dispatchEvent(new Event("canplay"));
    }, 0);
  }
  play() {
    this.paused = false;
    setTimeout(() => this.dispatchEvent(new Event("playing")), 0);
    return Promise.resolve();
  }
  pause() {
    if (this.paused) return;
    this.paused = true;
    setTimeout(() => this.dispatchEvent(new Event("pause")), 0);
  }
  removeAttribute() {}
}

function recorder(): EngineEvents & { states: string[] } {
  const states: string[] = [];
  return {
    states,
    onPlaying: () => states.push("playing"),
    onPaused: () => states.push("paused"),
    onEnded: () => states.push("ended"),
    onProgress: () => {},
    onError: (message) => states.push(`error: ${message}`),
  };
}

const OPTIONS = { autoplay: true, volume: 1, muted: false, mount: null, isMobile: false };

/** An engine that has loaded a track (autoplaying unless told otherwise), and what it reported. */
async function loadedEngine(autoplay = true) {
  const events = recorder();
  const engine = createMp3Engine(events);
  const loaded = engine.load("/media/audio/a.mp3", { ...OPTIONS, autoplay });
  await vi.advanceTimersByTimeAsync(10);
  await loaded;
  return { engine, events };
}

describe("the MP3 engine", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal("Audio", MediaElement);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("keeps a cued start as its position until the element can seek there, never the element's 0", async () => {
    const positions: number[] = [];
    const engine = createMp3Engine({ ...recorder(), onProgress: (position) => positions.push(position) });
    const loaded = engine.load("/media/audio/a.mp3", { ...OPTIONS, autoplay: false, startAt: 4 });
    // The metadata arrives first (a task of its own), the element still at 0; "canplay" after it.
    const element = MediaElement.made.at(-1) as MediaElement;
    element.dispatchEvent(new Event("loadedmetadata"));
    await vi.advanceTimersByTimeAsync(10);
    await loaded;
    expect(element.currentTime).toBe(4);
    expect(positions).toEqual([4, 4]);
    engine.destroy();
  });

  it("reports playing, then paused, as the element does", async () => {
    const { engine, events } = await loadedEngine();
    engine.pause();
    await vi.advanceTimersByTimeAsync(10);
    expect(events.states).toEqual(["playing", "paused"]);
    engine.destroy();
  });

  it("does not report a pause that play() overtook before its event fired", async () => {
    const { engine, events } = await loadedEngine();
    // Space, Space: the element is playing again before the first "pause" event is delivered.
    engine.pause();
    engine.play();
    await vi.advanceTimersByTimeAsync(10);
    expect(events.states.at(-1)).toBe("playing");
    expect(events.states).not.toContain("paused");
    engine.destroy();
  });

  it("does not report playing that pause() overtook", async () => {
    const { engine, events } = await loadedEngine(false);
    engine.play();
    engine.pause();
    await vi.advanceTimersByTimeAsync(10);
    expect(events.states).toEqual(["paused"]);
    engine.destroy();
  });

  it("plays the track fetched ahead from its own element, loaded once, and reports only that element", async () => {
    MediaElement.made = [];
    createMp3Engine.preload?.("/media/audio/b.mp3");
    const ahead = MediaElement.made[0] as MediaElement;
    await vi.advanceTimersByTimeAsync(10);
    expect([ahead.src, ahead.loads, ahead.preload]).toEqual(["/media/audio/b.mp3", 1, "auto"]);

    const events = recorder();
    const engine = createMp3Engine(events);
    const fresh = MediaElement.made[1] as MediaElement;
    await engine.load("/media/audio/b.mp3", OPTIONS);
    await vi.advanceTimersByTimeAsync(10);
    // No second download: the buffered element plays at once.
    expect(ahead.loads).toBe(1);
    expect(ahead.paused).toBe(false);
    expect(fresh.loads).toBe(0);
    expect(events.states).toEqual(["playing"]);
    // The element the engine did not take says nothing.
    fresh.dispatchEvent(new Event("ended"));
    expect(events.states).toEqual(["playing"]);
    ahead.dispatchEvent(new Event("ended"));
    expect(events.states).toEqual(["playing", "ended"]);
    engine.destroy();
  });

  it("loads a track it did not fetch ahead as before", async () => {
    MediaElement.made = [];
    createMp3Engine.preload?.("/media/audio/b.mp3");
    const { engine, events } = await loadedEngine();
    expect(MediaElement.made[0]?.src).toBe("/media/audio/b.mp3");
    expect(MediaElement.made[1]?.src).toBe("/media/audio/a.mp3");
    expect(events.states).toEqual(["playing"]);
    engine.destroy();
  });
});
