// Photo-like JPEGs made from a seed, the same bytes on every machine: light falling across a
// field of colour, with grain, as a camera's photo has. The tests and the benchmarks use them
// where a label's uploads would be (docs/decisions/139); no third party's photo is needed.
import sharp from "sharp";
import { mulberry32 } from "../content/random";

export interface PhotoOptions {
  width: number;
  height: number;
  seed?: number;
  /** The grain's strength, 0-255 (default 24). */
  grain?: number;
  quality?: number;
}

/** The raw RGB pixels of a photo-like picture. */
export function photoPixels({ width, height, seed = 1, grain = 24 }: PhotoOptions): Buffer {
  const next = mulberry32(seed);
  const hue = next() * 360;
  const [r0, g0, b0] = hsl(hue, 0.55, 0.45);
  const [r1, g1, b1] = hsl((hue + 40 + next() * 80) % 360, 0.6, 0.6);
  const cx = width * (0.25 + next() * 0.5);
  const cy = height * (0.25 + next() * 0.5);
  const reach = Math.hypot(width, height) * 0.6;
  const out = Buffer.alloc(width * height * 3);
  let at = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const light = Math.max(0, 1 - Math.hypot(x - cx, y - cy) / reach);
      const mix = (y / height) * 0.7 + light * 0.3;
      const noise = (next() - 0.5) * grain;
      out[at++] = clamp(r0 + (r1 - r0) * mix + light * 60 + noise);
      out[at++] = clamp(g0 + (g1 - g0) * mix + light * 50 + noise);
      out[at++] = clamp(b0 + (b1 - b0) * mix + light * 30 + noise);
    }
  }
  return out;
}

/** A photo-like JPEG (4:2:0, as cameras write them). */
export function makePhoto(options: PhotoOptions): Promise<Buffer> {
  return sharp(photoPixels(options), {
    raw: { width: options.width, height: options.height, channels: 3 },
  })
    .jpeg({ quality: options.quality ?? 90 })
    .toBuffer();
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

function hsl(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}
