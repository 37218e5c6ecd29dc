// Post tags and the media files every catalogue shares.

export const POST_TAGS = [
  "vinyl",
  "live-set",
  "debut",
  "remix",
  "ambient-works",
  "field-recording",
  "label-news",
  "tour",
  "studio",
  "b2b",
  "ep",
  "album",
] as const;

/** The four MP3 clips made by make-audio.sh, site-relative. */
export const AUDIO_CLIPS = [
  "/media/audio/deep-pulse.mp3",
  "/media/audio/night-drive.mp3",
  "/media/audio/ambient-haze.mp3",
  "/media/audio/short-clip.mp3",
] as const;

export const PLACEHOLDER_COVER = "/media/covers/placeholder.svg";
