import { type Engine, type EngineEvents, type LoadOptions, loadScript, SCRIPT_URLS } from "./types";

/** The parts of the SoundCloud Widget API we use (developers.soundcloud.com/docs/api/html5-widget). */
interface SCWidget {
  bind(event: string, listener: (e?: { currentPosition?: number; relativePosition?: number }) => void): void;
  play(): void;
  pause(): void;
  seekTo(milliseconds: number): void;
  setVolume(volume: number): void;
  getDuration(callback: (ms: number) => void): void;
}
interface SCNamespace {
  Widget: ((iframe: HTMLIFrameElement) => SCWidget) & {
    Events: Record<"READY" | "PLAY" | "PAUSE" | "FINISH" | "PLAY_PROGRESS" | "ERROR", string>;
  };
}
declare global {
  interface Window {
    SC?: SCNamespace;
  }
}

export function createSoundCloudEngine(events: EngineEvents): Engine {
  let widget: SCWidget | null = null;
  let duration = 0;
  let volume = 1;
  let muted = false;

  return {
    async load(url: string, options: LoadOptions) {
      if (!options.mount || !/^https:\/\/(www\.)?soundcloud\.com\//.test(url)) {
        console.warn(`Not a playable SoundCloud URL: ${url}`);
        events.onError("This track can't be played.");
        return;
      }
      await loadScript(SCRIPT_URLS.soundcloud);
      const SC = window.SC;
      if (!SC) throw new Error("SoundCloud widget API did not load");
      const iframe = document.createElement("iframe");
      iframe.title = "SoundCloud player";
      iframe.allow = "autoplay";
      iframe.src = `https://w.soundcloud.com/player/?url=${encodeURIComponent(url)}&auto_play=${options.autoplay}&visual=true`;
      options.mount.replaceChildren(iframe);
      volume = options.volume;
      muted = options.muted;
      const w = SC.Widget(iframe);
      widget = w;
      await new Promise<void>((resolve) => {
        w.bind(SC.Widget.Events.READY, () => {
          w.setVolume(muted ? 0 : Math.round(volume * 100));
          w.getDuration((ms) => {
            duration = ms / 1000;
          });
          if (options.startAt) w.seekTo(options.startAt * 1000);
          if (options.autoplay) w.play();
          resolve();
        });
        w.bind(SC.Widget.Events.PLAY, () => events.onPlaying());
        w.bind(SC.Widget.Events.PAUSE, () => events.onPaused());
        w.bind(SC.Widget.Events.FINISH, () => events.onEnded());
        w.bind(SC.Widget.Events.PLAY_PROGRESS, (e) =>
          events.onProgress((e?.currentPosition ?? 0) / 1000, duration),
        );
        w.bind(SC.Widget.Events.ERROR, () => {
          console.warn(`SoundCloud could not play ${url}`);
          events.onError("This track can't be played right now.");
          resolve();
        });
      });
    },
    play: () => widget?.play(),
    pause: () => widget?.pause(),
    seek: (seconds) => widget?.seekTo(seconds * 1000),
    setVolume(v, m) {
      volume = v;
      muted = m;
      widget?.setVolume(m ? 0 : Math.round(v * 100));
    },
    destroy() {
      widget?.pause();
      widget = null;
    },
  };
}
