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

  load() {
    setTimeout(() => this.dispatchEvent(new Event("canplay")), 0);
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
});
