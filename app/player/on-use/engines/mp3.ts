import type { Engine, EngineEvents, LoadOptions } from "./types";

/** docs/product.md section 4: MP3 loading times out after 3 s; progress is polled every second. */
export const MP3_LOAD_TIMEOUT_MS = 3000;
export const PROGRESS_INTERVAL_MS = 1000;

/**
 * The track up next, fetched ahead in an element of its own (docs/decisions/061): when it is the
 * one an engine loads, the engine plays that element, already buffered, instead of starting a
 * new download the moment the current track ends.
 */
let ahead: { url: string; audio: HTMLAudioElement } | null = null;

function preloadMp3(url: string) {
  if (ahead?.url === url) return;
  ahead?.audio.removeAttribute("src");
  const audio = new Audio();
  audio.preload = "auto";
  audio.src = url;
  audio.load();
  ahead = { url, audio };
}

/** The element fetched ahead for `url`, taken (it belongs to the engine from now on), or null. */
function takeAhead(url: string): HTMLAudioElement | null {
  if (ahead?.url !== url) return null;
  const { audio } = ahead;
  ahead = null;
  return audio;
}

export function createMp3Engine(events: EngineEvents): Engine {
  let audio = new Audio();
  audio.preload = "auto";
  let poll: ReturnType<typeof setInterval> | undefined;
  // Where a load was told to start, until it can: "loadedmetadata" comes before "canplay", and
  // reporting the element's 0 then would show a cued moment (a link's `t`) jump back to the start.
  let startingAt: number | undefined;

  const report = () => events.onProgress(startingAt ?? audio.currentTime, audio.duration);
  // Media events are queued as tasks: a "pause" can arrive after play() was already called again
  // (Space pressed twice quickly). Only an event that still matches the element is reported, and
  // only from the element this engine plays.
  const listen = (el: HTMLAudioElement) => {
    el.addEventListener("playing", () => {
      if (el === audio && !el.paused) events.onPlaying();
    });
    el.addEventListener("pause", () => {
      if (el === audio && el.paused && !el.ended) events.onPaused();
    });
    el.addEventListener("ended", () => {
      if (el !== audio) return;
      report();
      events.onEnded();
    });
    el.addEventListener("loadedmetadata", () => el === audio && report());
  };
  listen(audio);
  poll = setInterval(() => {
    if (!audio.paused) report();
  }, PROGRESS_INTERVAL_MS);

  const play = () => {
    audio.play().catch((error: unknown) => {
      if (error instanceof DOMException && error.name === "NotAllowedError") {
        // Blocked autoplay: logged, and the player shows paused, ready for a click.
        console.warn("Autoplay was blocked by the browser; press play to start.");
        events.onPaused();
      } else if (!(error instanceof DOMException && error.name === "AbortError")) {
        console.warn("MP3 playback failed", error);
        events.onError("This track can't be played right now.");
      }
    });
  };

  return {
    load(url: string, options: LoadOptions) {
      audio.volume = options.volume;
      audio.muted = options.muted;
      return new Promise<void>((resolve) => {
        let settled = false;
        const done = (ok: boolean) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          audio.removeEventListener("canplay", onReady);
          audio.removeEventListener("error", onFail);
          if (!ok) {
            console.warn(`MP3 did not load within ${MP3_LOAD_TIMEOUT_MS} ms: ${url}`);
            events.onError("This track can't be played right now.");
          } else {
            if (options.startAt) audio.currentTime = options.startAt;
            startingAt = undefined;
            if (options.autoplay) play();
            report();
          }
          startingAt = undefined;
          resolve();
        };
        const onReady = () => done(true);
        const onFail = () => done(false);
        startingAt = options.startAt || undefined;
        const timer = setTimeout(() => done(false), MP3_LOAD_TIMEOUT_MS);
        const fetched = takeAhead(url);
        if (fetched) {
          audio = fetched;
          audio.volume = options.volume;
          audio.muted = options.muted;
          listen(audio);
        }
        audio.addEventListener("canplay", onReady);
        audio.addEventListener("error", onFail);
        if (!fetched) {
          audio.src = url;
          audio.load();
        } else if (audio.error) onFail();
        // HAVE_FUTURE_DATA: buffered far enough to play, so its "canplay" has already fired.
        else if (audio.readyState >= 3) onReady();
      });
    },
    play,
    pause: () => audio.pause(),
    seek(seconds: number) {
      startingAt = undefined;
      audio.currentTime = seconds;
      report();
    },
    setVolume(volume: number, muted: boolean) {
      audio.volume = volume;
      audio.muted = muted;
    },
    destroy() {
      clearInterval(poll);
      poll = undefined;
      audio.pause();
      audio.removeAttribute("src");
      audio.load();
    },
  };
}

createMp3Engine.preload = preloadMp3;
