import { spotifyTrackId } from "@app/player/tracks";
import { type Engine, type EngineEvents, type LoadOptions, loadScript, SCRIPT_URLS } from "./types";

/** The parts of Spotify's iFrame API we use (developer.spotify.com/documentation/embeds). */
interface SpotifyController {
  play(): void;
  pause(): void;
  resume(): void;
  togglePlay(): void;
  seek(seconds: number): void;
  destroy(): void;
  addListener(event: "ready" | "playback_update", cb: (e: { data: SpotifyPlayback }) => void): void;
}
interface SpotifyPlayback {
  isPaused: boolean;
  isBuffering?: boolean;
  position: number;
  duration: number;
}
interface SpotifyIFrameAPI {
  createController(
    element: HTMLElement,
    options: { uri: string; width?: string | number; height?: string | number },
    callback: (controller: SpotifyController) => void,
  ): void;
}
declare global {
  interface Window {
    onSpotifyIframeApiReady?: (api: SpotifyIFrameAPI) => void;
  }
}

let apiPromise: Promise<SpotifyIFrameAPI> | null = null;
function spotifyApi(): Promise<SpotifyIFrameAPI> {
  apiPromise ??= new Promise((resolve, reject) => {
    window.onSpotifyIframeApiReady = (api) => resolve(api);
    loadScript(SCRIPT_URLS.spotify).catch((error) => {
      apiPromise = null;
      reject(error);
    });
  });
  return apiPromise;
}

export function createSpotifyEngine(events: EngineEvents): Engine {
  let controller: SpotifyController | null = null;
  let wasPlaying = false;
  let ended = false;

  return {
    async load(url: string, options: LoadOptions) {
      const id = spotifyTrackId(url);
      if (!id || !options.mount) {
        console.warn(`Not a playable Spotify track URL: ${url}`);
        events.onError("This track can't be played.");
        return;
      }
      const api = await spotifyApi();
      const element = document.createElement("div");
      options.mount.replaceChildren(element);
      await new Promise<void>((resolve) => {
        api.createController(element, { uri: `spotify:track:${id}`, width: "100%", height: 152 }, (c) => {
          controller = c;
          c.addListener("ready", () => {
            if (options.autoplay) c.play();
            resolve();
          });
          c.addListener("playback_update", ({ data }) => {
            // Spotify reports milliseconds; the end is a paused update at the full duration.
            events.onProgress(data.position / 1000, data.duration / 1000);
            if (!data.isPaused && !wasPlaying) events.onPlaying();
            if (data.isPaused && wasPlaying) {
              if (data.duration > 0 && data.position >= data.duration - 500 && !ended) {
                ended = true;
                events.onEnded();
              } else events.onPaused();
            }
            if (!data.isPaused) ended = false;
            wasPlaying = !data.isPaused;
          });
        });
      });
    },
    play: () => controller?.resume(),
    pause: () => controller?.pause(),
    seek: (seconds) => controller?.seek(seconds),
    // The Spotify embed has no volume API; its own control applies.
    setVolume() {},
    destroy() {
      controller?.destroy();
      controller = null;
    },
  };
}
