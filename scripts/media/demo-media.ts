// The committed demo audio the content files name: made by make-audio.sh and make-demo-mix.ts,
// checked against content/ by scripts/content/demo-catalogue.test.ts.

/** The four MP3 clips made by make-audio.sh, site-relative. */
export const AUDIO_CLIPS = [
  "/media/audio/deep-pulse.mp3",
  "/media/audio/night-drive.mp3",
  "/media/audio/ambient-haze.mp3",
  "/media/audio/short-clip.mp3",
] as const;

/**
 * The demo mix (make-demo-mix.ts): DEMO_MIX_TRACKS segments of DEMO_MIX_SEGMENT_SECONDS each,
 * one per tracklist entry, so every cue of its mixtapes plays.
 */
export const DEMO_MIX = "/media/audio/demo-mix.mp3";
export const DEMO_MIX_TRACKS = 8;
export const DEMO_MIX_SEGMENT_SECONDS = 5;
