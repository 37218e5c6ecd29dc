import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MEDIA_SIZES_PATH, mediaSizesModule } from "./media-sizes";

describe("worker/feeds/media-sizes.ts", () => {
  it("records the real size of every audio file (run `npm run media:sizes` after changing one)", () => {
    expect(readFileSync(MEDIA_SIZES_PATH, "utf8")).toBe(mediaSizesModule());
  });
});
