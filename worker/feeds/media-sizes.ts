// Written by `npm run media:sizes` (scripts/media-sizes.ts); do not edit.
/** Byte size of each audio file the site serves from public/, for feed enclosures. */
export const LOCAL_MEDIA_SIZES: Readonly<Record<string, number>> = {
  "/media/audio/ambient-haze.mp3": 144352,
  "/media/audio/deep-pulse.mp3": 144352,
  "/media/audio/demo-mix.mp3": 239490,
  "/media/audio/night-drive.mp3": 156421,
  "/media/audio/short-clip.mp3": 24450,
};
