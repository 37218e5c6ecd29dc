/**
 * Media Session artwork for a cover (docs/product.md section 4): the image's real type, read from
 * its file name, and its real size. A scalable SVG fits any size; a bitmap's pixels are known only
 * once it has loaded (`withNaturalSize`), so until then its size is left out rather than guessed:
 * a lock screen that trusts a wrong size scales the picture badly.
 */
const TYPES: Record<string, string> = {
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
};

/** The artwork entry of an image URL, resolved against `base`; no type when the name has none we know. */
export function mediaArtwork(url: string, base: string): MediaImage {
  const absolute = new URL(url, base);
  const extension = absolute.pathname.split(".").pop()?.toLowerCase() ?? "";
  const type = TYPES[extension];
  const image: MediaImage = { src: absolute.href };
  if (type) image.type = type;
  if (type === "image/svg+xml") image.sizes = "any";
  return image;
}

/** The same entry with the bitmap's pixel size, as the browser decoded it. */
export function withNaturalSize(image: MediaImage, width: number, height: number): MediaImage {
  if (image.sizes === "any" || width < 1 || height < 1) return image;
  return { ...image, sizes: `${width}x${height}` };
}
