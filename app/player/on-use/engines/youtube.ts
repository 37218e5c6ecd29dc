import { youtubeId } from "@app/player/tracks";
import { type Engine, type EngineEvents, type LoadOptions, loadScript, SCRIPT_URLS } from "./types";

/** The parts of the YouTube IFrame Player API we use (developers.google.com/youtube/iframe_api_reference). */
interface YTPlayer {
  playVideo(): void;
  pauseVideo(): void;
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  setVolume(volume: number): void;
  mute(): void;
  unMute(): void;
  getCurrentTime(): number;
  getDuration(): number;
  destroy(): void;
}
interface YTNamespace {
  Player: new (
    element: HTMLElement,
    options: {
      videoId: string;
      width?: string | number;
      height?: string | number;
      playerVars?: Record<string, number | string>;
      events?: {
        onReady?: () => void;
        onStateChange?: (event: { data: number }) => void;
        onError?: (event: { data: number }) => void;
      };
    },
  ) => YTPlayer;
}
declare global {
  interface Window {
    YT?: YTNamespace;
    onYouTubeIframeAPIReady?: () => void;
  }
}

/** docs/product.md section 4: state 1 is playing, 2 paused, 0 ended. */
export const YT_STATE = { ENDED: 0, PLAYING: 1, PAUSED: 2 } as const;
/** docs/product.md section 8: errors 101 and 150 mean the owner does not allow embedding. */
const NOT_EMBEDDABLE = new Set([101, 150]);
const MOBILE_RETRY_MS = 500;

function youtubeApi(): Promise<YTNamespace> {
  if (window.YT?.Player) return Promise.resolve(window.YT);
  return new Promise((resolve, reject) => {
    const previous = window.onYouTubeIframeAPIReady;
    window.onYouTubeIframeAPIReady = () => {
      previous?.();
      if (window.YT) resolve(window.YT);
    };
    loadScript(SCRIPT_URLS.youtube).catch(reject);
  });
}

export function createYouTubeEngine(events: EngineEvents): Engine {
  let player: YTPlayer | null = null;
  let poll: ReturnType<typeof setInterval> | undefined;
  let retried = false;

  const report = () => player && events.onProgress(player.getCurrentTime(), player.getDuration());

  const create = (api: YTNamespace, host: HTMLElement, id: string, options: LoadOptions) =>
    new Promise<void>((resolve) => {
      const element = document.createElement("div");
      host.replaceChildren(element);
      player = new api.Player(element, {
        videoId: id,
        width: "100%",
        height: "100%",
        playerVars: {
          autoplay: options.autoplay ? 1 : 0,
          playsinline: 1,
          rel: 0,
          start: Math.floor(options.startAt ?? 0),
        },
        events: {
          onReady: () => {
            player?.setVolume(Math.round(options.volume * 100));
            if (options.muted) player?.mute();
            if (options.autoplay) player?.playVideo();
            resolve();
          },
          onStateChange: ({ data }) => {
            if (data === YT_STATE.PLAYING) events.onPlaying();
            else if (data === YT_STATE.PAUSED) events.onPaused();
            else if (data === YT_STATE.ENDED) events.onEnded();
          },
          onError: ({ data }) => {
            if (NOT_EMBEDDABLE.has(data)) {
              console.warn(`YouTube video ${id} cannot be embedded (error ${data}).`);
              if (options.isMobile && !retried) {
                retried = true;
                setTimeout(() => void create(api, host, id, options), MOBILE_RETRY_MS);
                return;
              }
              events.onError("This video's owner doesn't allow it to play here.");
            } else {
              console.warn(`YouTube player error ${data} for ${id}.`);
              events.onError("This track can't be played right now.");
            }
            resolve();
          },
        },
      });
    });

  return {
    async load(url: string, options: LoadOptions) {
      const id = youtubeId(url);
      if (!id || !options.mount) {
        console.warn(`Not a playable YouTube URL: ${url}`);
        events.onError("This track can't be played.");
        return;
      }
      const api = await youtubeApi();
      await create(api, options.mount, id, options);
      poll = setInterval(report, 1000);
    },
    play: () => player?.playVideo(),
    pause: () => player?.pauseVideo(),
    seek: (seconds) => {
      player?.seekTo(seconds, true);
      report();
    },
    setVolume(volume, muted) {
      player?.setVolume(Math.round(volume * 100));
      if (muted) player?.mute();
      else player?.unMute();
    },
    destroy() {
      clearInterval(poll);
      player?.destroy();
      player = null;
    },
  };
}
