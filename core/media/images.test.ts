import { describe, expect, it } from "vitest";
import { IMAGE_WIDTHS, imageField, srcsetOf, storedImage, variantUrl, widthFor, widthsOf } from "./images";

const hash = "0123456789abcdef01234567";

describe("an uploaded image's name", () => {
  it("carries its hash and size, on the site or on any host, and nothing else is taken for one", () => {
    const image = { hash, width: 3000, height: 2000 };
    expect(imageField(image)).toBe(`/media/img/${hash}/3000x2000`);
    expect(storedImage(imageField(image))).toEqual(image);
    expect(storedImage(`https://cdn.example/media/img/${hash}/3000x2000`)).toEqual(image);
    for (const other of [
      "/media/covers/placeholder.svg",
      `/media/img/${hash}/480`,
      `/media/img/${hash.slice(1)}/3000x2000`,
      `/media/img/${hash}/0x10`,
      "not a url",
      null,
    ])
      expect(storedImage(other), String(other)).toBeNull();
  });
});

describe("an image's variants", () => {
  it("are the ladder's widths under its own, and the first above it made at its own width", () => {
    expect(widthsOf({ hash, width: 3000, height: 3000 })).toEqual([...IMAGE_WIDTHS]);
    expect(widthsOf({ hash, width: 500, height: 400 })).toEqual([48, 96, 144, 240, 320, 480, 640]);
    expect(srcsetOf({ hash, width: 100, height: 100 })).toBe(
      `/media/img/${hash}/48 48w, /media/img/${hash}/96 96w, /media/img/${hash}/144 100w`,
    );
    expect(widthsOf({ hash, width: 40, height: 40 })).toEqual([48]);
  });

  it("are asked for by width, and by format only where the URL names one", () => {
    const image = { hash, width: 3000, height: 3000 };
    expect(variantUrl(image, 480)).toBe(`/media/img/${hash}/480`);
    expect(variantUrl(image, 1280, "jpg")).toBe(`/media/img/${hash}/1280.jpg`);
    expect(widthFor(image, 400)).toBe(480);
    expect(widthFor(image, 5000)).toBe(1920);
    expect(widthFor({ hash, width: 500, height: 500 }, 1280)).toBe(640);
  });
});
