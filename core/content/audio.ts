/** Where a post's, mixtape's or release track's audio plays from. */
export const AUDIO_PLATFORMS = ["local", "youtube", "soundcloud", "spotify"] as const;
export type AudioPlatform = (typeof AUDIO_PLATFORMS)[number];
