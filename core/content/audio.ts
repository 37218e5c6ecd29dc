/** Where a post's, mixtape's or release track's audio plays from. */
export type AudioPlatform = "local" | "youtube" | "soundcloud" | "spotify";
