// Text forms shared by the builders: slugs, durations, dates and streaming URLs.
import type { Rng } from "./random";
import type { AudioPlatform } from "./types";

const FOLD: Record<string, string> = {
  ø: "o",
  Ø: "o",
  æ: "ae",
  Æ: "ae",
  ß: "ss",
  đ: "d",
  ł: "l",
  œ: "oe",
  þ: "th",
  ð: "d",
};

/** ASCII kebab-case: 'Björn Åström' → 'bjorn-astrom', 'Drum & Bass' → 'drum-and-bass'. */
export function slugify(text: string): string {
  return text
    .replace(/[øØæÆßđłœþð]/g, (c) => FOLD[c] ?? c)
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** Seconds → 'M:SS' (or 'H:MM:SS' past an hour). */
export function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** Seconds → 'MM:SS' cue (minutes may pass 59 on long mixes). */
export function cue(seconds: number): string {
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}

export const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const YOUTUBE_ID = `${BASE62}-_`;

export function streamUrl(
  rng: Rng,
  platform: Exclude<AudioPlatform, "local">,
  artist: string,
  title: string,
) {
  switch (platform) {
    case "youtube":
      return `https://www.youtube.com/watch?v=${rng.string(YOUTUBE_ID, 11)}`;
    case "soundcloud":
      return `https://soundcloud.com/${slugify(artist)}/${slugify(title)}`;
    case "spotify":
      return `https://open.spotify.com/track/${rng.string(BASE62, 22)}`;
  }
}
