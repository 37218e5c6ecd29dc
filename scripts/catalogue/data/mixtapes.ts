// Mixtapes: the Crossfade Mix series.
import type { AudioPlatform } from "../../content/types";
import { AUDIO_CLIPS } from "./tags-and-media";

export const MIX_OPENINGS = [
  "{dj} steps up for number {n} in the series with a set of {genre} recorded live at {venue} in {city}.",
  "For mix {n}, {dj} brings the sound of {venue} home: two turntables, a mixer and a crate of {genre}.",
  "Number {n} in the series comes from {dj}, recorded at home in {city} on a Sunday afternoon.",
];
export const MIX_DESCRIPTIONS = [
  "It moves from {genre} into {genre2} without ever losing the thread.",
  "Expect {texture}, a handful of unreleased dubs from friends in {city}, and a closing run built for {hour}.",
  "Several tracks here have never been released, and at least one was finished the night before recording.",
  "It is a mix for the walk home as much as the dancefloor, patient and warm from the first minute.",
  "Halfway through, the tempo drops into {texture} before the drums find their way back.",
];

/**
 * The demo mix (scripts/media/make-demo-mix.ts): DEMO_MIX_TRACKS segments of
 * DEMO_MIX_SEGMENT_SECONDS each, one per tracklist entry, so every cue of its mixtapes plays.
 */
export const DEMO_MIX = "/media/audio/demo-mix.mp3";
export const DEMO_MIX_TRACKS = 8;
export const DEMO_MIX_SEGMENT_SECONDS = 5;

/**
 * Audio of each published mix in order: local clips, SoundCloud, YouTube, one without platform.
 * `whole`: the local file holds the whole tracklist (the demo mix), cued segment by segment.
 */
export type MixAudio = { kind: AudioPlatform | "soundcloud-unlabelled"; clip?: string; whole?: boolean };
export const MIX_AUDIO: MixAudio[] = [
  { kind: "soundcloud" },
  { kind: "local", clip: DEMO_MIX, whole: true },
  { kind: "youtube" },
  { kind: "soundcloud" },
  { kind: "local", clip: DEMO_MIX, whole: true },
  { kind: "youtube" },
  { kind: "soundcloud-unlabelled" },
  { kind: "local", clip: AUDIO_CLIPS[2] },
  { kind: "soundcloud" },
  { kind: "youtube" },
  { kind: "soundcloud" },
  { kind: "local", clip: AUDIO_CLIPS[3] },
  { kind: "youtube" },
  { kind: "soundcloud" },
  { kind: "soundcloud" },
];
