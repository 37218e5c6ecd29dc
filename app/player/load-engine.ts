import type { EngineFactory } from "./on-use/engines/types";
import type { SourceKind } from "./tracks";

/**
 * Each engine's code (and the third-party script it loads) is fetched when a track of its kind
 * is about to play, never with the page (docs/decisions/006, docs/decisions/019). A module loads once;
 * asking again returns the same promise.
 */
export const loadEngine: Record<SourceKind, () => Promise<EngineFactory>> = {
  mp3: () => import("./on-use/engines/mp3").then((m) => m.createMp3Engine),
  youtube: () => import("./on-use/engines/youtube").then((m) => m.createYouTubeEngine),
  soundcloud: () => import("./on-use/engines/soundcloud").then((m) => m.createSoundCloudEngine),
  spotify: () => import("./on-use/engines/spotify").then((m) => m.createSpotifyEngine),
};
