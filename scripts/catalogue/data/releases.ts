// Releases: the Crossfade label catalogue, XFD001 onwards.
import type { ReleaseRecord } from "../../content/types";
import { AUDIO_CLIPS } from "./tags-and-media";

export const RELEASE_TYPES: Array<ReleaseRecord["release_type"]> = [
  "EP",
  "Single",
  "EP",
  "Album",
  "EP",
  "Single",
  "EP",
  "Album",
  "Single",
  "EP",
  "EP",
  "Album",
  "EP",
];
export const RELEASE_ARTISTS = [
  "Velvet Static",
  "Sigrún Ósk",
  "Halcyon Drift",
  "Jürgen Møller",
  "Adaeze Okafor",
  "Ferro Lux",
  "Zoë Lefèvre",
  "Paper Moons",
  "Kwame Asante-Brown",
  "Nino Kapanadze",
  "Concrete Bloom",
  "Björn Åström",
  "Marlon Reeves",
];
/** Releases (by index) whose lead track is a local clip, and which clip. */
export const RELEASE_LOCAL: Record<number, string> = {
  0: AUDIO_CLIPS[0],
  3: AUDIO_CLIPS[2],
  5: AUDIO_CLIPS[1],
  8: AUDIO_CLIPS[3],
  10: AUDIO_CLIPS[0],
  11: AUDIO_CLIPS[2],
};
/**
 * Releases (by index) whose every track is a local clip, the three longer ones in turn, so a
 * whole release plays (queue, auto-advance, track links) on a fresh checkout.
 */
export const RELEASE_ALL_LOCAL = new Set([0, 11]);
/** Releases without a flagged primary track: the first track is used. */
export const NO_PRIMARY = new Set([2, 7]);

export const ENGINEERS = [
  "Lena Vogt at Schnittraum Süd, Berlin",
  "Tom Ashby at Cutting Room Nine, London",
  "Mika Huttunen at Polar Mastering, Helsinki",
  "Ife Adeyemi at Lagoon Studios, Lagos",
  "Rafael Duarte at Estúdio Sereno, São Paulo",
];
export const DESIGNERS = ["Hanne Roth", "Studio Halftone", "Kofi Mensah", "Mei Arakawa", "Ottilie Grant"];

export const RELEASE_OPENINGS = [
  "{title} is {artist's} debut for Crossfade, {aType} built for small, dark rooms and long blends.",
  "On {title}, {artist} distils a year of late nights in {city} into {aType} of rare focus.",
  "{title} finds {artist} in a reflective mood: {aType} of {genre} that never raises its voice.",
];
export const RELEASE_DESCRIPTIONS = [
  "Written in {city} over the {season}, it pairs {texture} with {genre} rhythms that take their time.",
  "The tracks were road-tested in {artist's} own sets for a year before mixdown, and it shows.",
  "It was recorded on {gear}, with as few overdubs as the material would allow.",
  "Pressed on {colour} vinyl with a printed inner sleeve, plus a digital version with one extra track.",
];
