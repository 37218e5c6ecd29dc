import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AUDIO_DIR, audioFiles, PEAK_COUNT, peaksFileName, peaksJson, peaksOf } from "./peaks";

describe("waveform peaks (run `npm run media:peaks` after adding or changing an MP3 in public/media/audio/)", () => {
  it("has the peaks of every MP3, as they are computed from the file now", async () => {
    const files = audioFiles();
    expect(files.length).toBeGreaterThan(2);
    for (const name of files) {
      const expected = peaksJson(await peaksOf(readFileSync(join(AUDIO_DIR, name))));
      expect(readFileSync(join(AUDIO_DIR, peaksFileName(name)), "utf8"), name).toBe(expected);
    }
  });

  it("scales a waveform to its loudest slice, with quiet and loud parts told apart", async () => {
    const peaks = await peaksOf(readFileSync(join(AUDIO_DIR, "demo-mix.mp3")));
    expect(peaks).toHaveLength(PEAK_COUNT);
    expect(Math.max(...peaks)).toBe(1);
    expect(Math.min(...peaks)).toBeGreaterThanOrEqual(0);
    expect(new Set(peaks).size).toBeGreaterThan(10);
  });

  it("refuses bytes that are no MP3", async () => {
    await expect(peaksOf(new TextEncoder().encode("not audio at all"))).rejects.toThrow(/no audio/);
  });
});
