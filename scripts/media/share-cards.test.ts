import { readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { COVERS, shareCardOf } from "./share-cards";

describe("a share card of SVG art", () => {
  it("is a 1200 × 630 JPEG, as every network draws one", async () => {
    const card = await shareCardOf(readFileSync(join(COVERS, "placeholder.svg")));
    expect(await sharp(card).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    expect(card.length).toBeLessThan(300_000);
  });
});
