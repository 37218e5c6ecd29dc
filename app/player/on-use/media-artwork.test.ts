import { describe, expect, it } from "vitest";
import { mediaArtwork, withNaturalSize } from "./media-artwork";

const BASE = "https://crossfade.example/blog/a-post";

describe("Media Session artwork", () => {
  it("types each cover by its file, not always as SVG", () => {
    expect(mediaArtwork("/media/covers/a.svg", BASE)).toEqual({
      src: "https://crossfade.example/media/covers/a.svg",
      type: "image/svg+xml",
      sizes: "any",
    });
    expect(mediaArtwork("https://cms.example/uploads/cover_1.JPG?v=2", BASE)).toEqual({
      src: "https://cms.example/uploads/cover_1.JPG?v=2",
      type: "image/jpeg",
    });
    expect(mediaArtwork("https://cms.example/uploads/c.jpeg", BASE).type).toBe("image/jpeg");
    expect(mediaArtwork("https://cms.example/uploads/c.png", BASE).type).toBe("image/png");
    expect(mediaArtwork("https://cms.example/uploads/c.webp", BASE).type).toBe("image/webp");
  });

  it("leaves the type out when the file name does not say it", () => {
    expect(mediaArtwork("https://img.example/cover/1234", BASE)).toEqual({
      src: "https://img.example/cover/1234",
    });
  });

  it("gives a bitmap the size it decoded to, and an SVG any size", () => {
    const jpeg = mediaArtwork("/c.jpg", BASE);
    expect(withNaturalSize(jpeg, 1400, 1400).sizes).toBe("1400x1400");
    expect(withNaturalSize(jpeg, 0, 0).sizes).toBeUndefined();
    expect(withNaturalSize(mediaArtwork("/c.svg", BASE), 600, 600).sizes).toBe("any");
  });
});
