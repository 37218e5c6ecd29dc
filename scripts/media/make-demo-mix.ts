// `npx tsx scripts/media/make-demo-mix.ts`: the demo mixtapes' audio (DEMO_MIX), spliced
// from the clips make-audio.sh made, so a mix's whole tracklist plays on a fresh checkout without
// SoX or LAME (docs/decisions/030-queue-feeds-demo.md). The clips are constant-bitrate MPEG-2
// Layer III with no ID3 tag or Xing header: whole frames can be cut and joined as they are.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AUDIO_CLIPS, DEMO_MIX, DEMO_MIX_SEGMENT_SECONDS, DEMO_MIX_TRACKS } from "./demo-media";

const ROOT = join(import.meta.dirname, "..", "..");
const BITRATES = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]; // MPEG-2 Layer III, kbps
const RATES = [22050, 24000, 16000];

/** The byte ranges of the MPEG frames of one file. */
function frames(bytes: Uint8Array): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let at = 0;
  while (at + 4 <= bytes.length) {
    const b1 = bytes[at + 1] as number;
    const b2 = bytes[at + 2] as number;
    if (bytes[at] !== 0xff || (b1 & 0xe0) !== 0xe0) throw new Error(`no frame sync at byte ${at}`);
    const bitrate = (BITRATES[b2 >> 4] ?? 0) * 1000;
    const rate = RATES[(b2 >> 2) & 3] ?? 0;
    const size = Math.floor((72 * bitrate) / rate) + ((b2 >> 1) & 1);
    if (!size) throw new Error(`bad frame header at byte ${at}`);
    out.push([at, at + size]);
    at += size;
  }
  return out;
}

const FRAME_SECONDS = 576 / 22050;
const perSegment = Math.round(DEMO_MIX_SEGMENT_SECONDS / FRAME_SECONDS);
// The three longer clips in turn; each pass starts a segment further in, so no part repeats.
const sources = AUDIO_CLIPS.slice(0, 3).map((clip) => {
  const bytes = new Uint8Array(readFileSync(join(ROOT, "public", clip)));
  return { bytes, frames: frames(bytes) };
});
const parts: Uint8Array[] = [];
for (let k = 0; k < DEMO_MIX_TRACKS; k++) {
  const source = sources[k % sources.length] as (typeof sources)[number];
  const first = Math.floor(k / sources.length) * perSegment;
  const picked = source.frames.slice(first, first + perSegment);
  if (picked.length < perSegment) throw new Error("clip too short for the demo mix");
  const [start] = picked[0] as [number, number];
  const [, end] = picked.at(-1) as [number, number];
  parts.push(source.bytes.slice(start, end));
}
writeFileSync(join(ROOT, "public", DEMO_MIX), Buffer.concat(parts));
console.log(`${DEMO_MIX}: ${DEMO_MIX_TRACKS} × ${DEMO_MIX_SEGMENT_SECONDS} s`);
