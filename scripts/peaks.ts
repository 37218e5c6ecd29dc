// `npm run media:peaks`: the waveform of every MP3 in public/media/audio/, computed ahead of time
// (never in the browser) and written beside it as <name>.peaks.json, which the player draws as
// its seek bar (docs/decisions/063). `peaksOf` is the same computation for any MP3's bytes.
// scripts/peaks.test.ts fails when a file has no peaks or they are out of date.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { MPEGDecoder } from "mpg123-decoder";

const ROOT = join(import.meta.dirname, "..");
export const AUDIO_DIR = join(ROOT, "public", "media", "audio");
/** Bars of the waveform: enough for a seek bar a phone or a desktop draws. */
export const PEAK_COUNT = 160;

/** The peaks file of an audio file name: deep-pulse.mp3 → deep-pulse.peaks.json. */
export function peaksFileName(audio: string): string {
  return audio.replace(/\.mp3$/i, ".peaks.json");
}

/**
 * The loudest sample of each of PEAK_COUNT equal slices of the decoded audio, both channels,
 * scaled so the loudest slice is 1 and rounded to two decimals.
 */
export async function peaksOf(mp3: Uint8Array): Promise<number[]> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    const { channelData, samplesDecoded } = decoder.decode(mp3);
    if (!samplesDecoded) throw new Error("no audio could be decoded");
    const slice = samplesDecoded / PEAK_COUNT;
    const peaks: number[] = [];
    for (let i = 0; i < PEAK_COUNT; i++) {
      let peak = 0;
      const end = Math.min(samplesDecoded, Math.floor((i + 1) * slice));
      for (const channel of channelData)
        for (let s = Math.floor(i * slice); s < end; s++) peak = Math.max(peak, Math.abs(channel[s] ?? 0));
      peaks.push(peak);
    }
    const loudest = Math.max(...peaks) || 1;
    return peaks.map((p) => Math.round((p / loudest) * 100) / 100);
  } finally {
    decoder.free();
  }
}

/** The file's contents: a version, then the peaks. */
export function peaksJson(peaks: number[]): string {
  return `${JSON.stringify({ version: 1, peaks })}\n`;
}

/** Every MP3 of public/media/audio/, sorted. */
export function audioFiles(): string[] {
  return readdirSync(AUDIO_DIR)
    .filter((f) => /\.mp3$/i.test(f))
    .sort();
}

if (process.argv[1] === import.meta.filename) {
  for (const name of audioFiles()) {
    const peaks = await peaksOf(readFileSync(join(AUDIO_DIR, name)));
    writeFileSync(join(AUDIO_DIR, peaksFileName(name)), peaksJson(peaks));
    console.log(`Wrote public/media/audio/${peaksFileName(name)}`);
  }
}
