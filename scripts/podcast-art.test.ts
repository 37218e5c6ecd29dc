import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  ART_SIZE,
  mixtapeCovers,
  PODCAST_ART_PATH,
  pngFor,
  podcastArtModule,
  renderedCovers,
} from "./podcast-art";

const pngSize = (file: string) => {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
};

describe("podcast episode art (run `npm run podcast:art` after adding or changing a mixtape cover)", () => {
  it("has a square PNG of at least 1400 px for every mixtape's SVG cover", () => {
    const covers = mixtapeCovers();
    expect(covers.length).toBeGreaterThan(3);
    for (const { png } of covers) {
      const size = pngSize(join(import.meta.dirname, "..", "public", png));
      expect(size, png).toEqual({ width: ART_SIZE, height: ART_SIZE });
    }
    expect(renderedCovers()).toEqual(covers.map((c) => c.svg));
  });

  it("records in worker/feeds/podcast-art.ts exactly the covers that have one", () => {
    expect(readFileSync(PODCAST_ART_PATH, "utf8")).toBe(podcastArtModule(renderedCovers()));
  });

  it("renders only the site's own SVG covers", () => {
    expect(pngFor("/media/covers/mix-1.svg")).toBe("/media/covers/podcast/mix-1.png");
    expect(pngFor("https://cms.example/uploads/mix.svg")).toBeNull();
    expect(pngFor("/media/covers/mix.png")).toBeNull();
    expect(pngFor(null)).toBeNull();
  });
});
