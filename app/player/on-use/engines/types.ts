/** What an engine tells the player (docs/product.md section 4: playing, paused, ended, failures). */
export interface EngineEvents {
  onPlaying(): void;
  onPaused(): void;
  onEnded(): void;
  onProgress(position: number, duration: number): void;
  /** A source that cannot play: logged, and the listener sees a short message. */
  onError(message: string): void;
}

export interface LoadOptions {
  autoplay: boolean;
  volume: number;
  muted: boolean;
  startAt?: number;
  /** Where embed engines put their iframe (inside the floating video panel). */
  mount: HTMLElement | null;
  isMobile: boolean;
}

/** One engine per source kind: HTML audio, YouTube, SoundCloud, Spotify (docs/decisions/006). */
export interface Engine {
  load(url: string, options: LoadOptions): Promise<void>;
  play(): void;
  pause(): void;
  seek(seconds: number): void;
  setVolume(volume: number, muted: boolean): void;
  /** Stops playback and releases the element or iframe. */
  destroy(): void;
}

/**
 * Makes an engine; a kind that can fetch a track ahead says so with `preload`, which the player
 * calls for the track up next, so it starts without a gap when the current one ends.
 */
export type EngineFactory = ((events: EngineEvents) => Engine) & { preload?(url: string): void };

/** Third-party script URLs; tests point them at local stand-ins of the documented APIs. */
export const SCRIPT_URLS = {
  youtube: "https://www.youtube.com/iframe_api",
  soundcloud: "https://w.soundcloud.com/player/api.js",
  spotify: "https://open.spotify.com/embed/iframe-api/v1",
};

const loaded = new Map<string, Promise<void>>();

/** Loads a third-party script once, only when a track of its kind first plays. */
export function loadScript(src: string): Promise<void> {
  let promise = loaded.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = src;
      script.async = true;
      const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
      if (nonce) script.nonce = nonce;
      script.onload = () => resolve();
      script.onerror = () => {
        loaded.delete(src);
        reject(new Error(`Could not load ${src}`));
      };
      document.head.appendChild(script);
    });
    loaded.set(src, promise);
  }
  return promise;
}
