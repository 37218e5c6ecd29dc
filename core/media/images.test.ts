import { describe, expect, it } from "vitest";
import {
  cmsImageField,
  IMAGE_WIDTHS,
  imageField,
  srcsetOf,
  storedImage,
  variantUrl,
  widthFor,
  widthsOf,
} from "./images";

const served = (width: number, height: number) => ({ base: `/media/img/${hash}`, width, height });

const hash = "0123456789abcdef01234567";

describe("an uploaded image's name", () => {
  it("carries its hash and size, on the site or on any host, and nothing else is taken for one", () => {
    const image = { hash, width: 3000, height: 2000 };
    const served = { base: `/media/img/${hash}`, width: 3000, height: 2000 };
    expect(imageField(image)).toBe(`/media/img/${hash}/3000x2000`);
    expect(storedImage(imageField(image))).toEqual(served);
    expect(storedImage(`https://cdn.example/media/img/${hash}/3000x2000`)).toEqual(served);
    for (const other of [
      "/media/covers/placeholder.svg",
      `/media/img/${hash}/480`,
      `/media/img/${hash.slice(1)}/3000x2000`,
      `/media/img/${hash}/0x10`,
      "/media/cms/uploads/cover.svg/300x300",
      "/media/cms/../secret.jpg/300x300",
      "/media/cms/uploads/cover.jpg",
      "not a url",
      null,
    ])
      expect(storedImage(other), String(other)).toBeNull();
  });
});

describe("a CMS upload's name", () => {
  it("carries the path the CMS serves it at and its size", () => {
    const field = cmsImageField("uploads/cover_3f2a9b.jpg", 2400, 1600);
    expect(field).toBe("/media/cms/uploads/cover_3f2a9b.jpg/2400x1600");
    const image = storedImage(field);
    expect(image).toEqual({ base: "/media/cms/uploads/cover_3f2a9b.jpg", width: 2400, height: 1600 });
    expect(image && variantUrl(image, 480)).toBe("/media/cms/uploads/cover_3f2a9b.jpg/480");
  });
});

describe("an image's variants", () => {
  it("are the ladder's widths under its own, and the first above it made at its own width", () => {
    expect(widthsOf(served(3000, 3000))).toEqual([...IMAGE_WIDTHS]);
    expect(widthsOf(served(500, 400))).toEqual([48, 96, 144, 240, 320, 480, 640]);
    expect(srcsetOf(served(100, 100))).toBe(
      `/media/img/${hash}/48 48w, /media/img/${hash}/96 96w, /media/img/${hash}/144 100w`,
    );
    expect(widthsOf(served(40, 40))).toEqual([48]);
  });

  it("are asked for by width, and by format only where the URL names one", () => {
    const image = served(3000, 3000);
    expect(variantUrl(image, 480)).toBe(`/media/img/${hash}/480`);
    expect(variantUrl(image, 1280, "jpg")).toBe(`/media/img/${hash}/1280.jpg`);
    expect(widthFor(image, 400)).toBe(480);
    expect(widthFor(image, 5000)).toBe(1920);
    expect(widthFor(served(500, 500), 1280)).toBe(640);
  });
});
