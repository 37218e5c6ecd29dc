/**
 * Photos as content (docs/decisions/139): an uploaded image is stored once in the MEDIA bucket
 * under its content hash, and a content field names it as `/media/img/<hash>/<width>x<height>`:
 * its intrinsic size travels with the name, so a page can draw it at its shape and list its
 * variants without asking the store. The Worker answers each variant at one width of a fixed
 * ladder (worker/media/images.ts); nothing outside the ladder is ever made.
 */

/** The widths a variant may have, in CSS pixels times the device's pixel ratio. */
export const IMAGE_WIDTHS = [48, 96, 144, 240, 320, 480, 640, 768, 1024, 1280, 1920] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** The formats a variant may have: by the request's Accept, else as its URL names it. */
export const IMAGE_FORMATS = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" } as const;
export type ImageFormat = keyof typeof IMAGE_FORMATS;

/** An uploaded image of the embedded store: its content hash and intrinsic size. */
export interface StoredImage {
  hash: string;
  width: number;
  height: number;
}

/**
 * An image a page can ask variants of: the path its variants hang under and its intrinsic size.
 * `/media/img/<hash>` for a photo of the embedded store; `/media/cms/<path>` for a CMS upload,
 * `<path>` being where the CMS serves the original (docs/decisions/142).
 */
export interface ServedImage {
  base: string;
  width: number;
  height: number;
}

/** The hex digits of an image's name: the first 24 of the SHA-256 of its bytes. */
export const HASH_LENGTH = 24;
/** A CMS upload's path: plain segments, the last one a raster image's file name. */
export const CMS_IMAGE_PATH = /^(?:[\w-][\w.-]*\/){0,4}[\w-][\w.-]*\.(?:jpe?g|png|webp|avif)$/i;
/** A stored image's field: `/media/img/<hash>` or `/media/cms/<path>`, then `/<w>x<h>`. */
const FIELD =
  /(\/media\/(?:img\/[0-9a-f]{24}|cms\/(?:[\w-][\w.-]*\/){0,4}[\w-][\w.-]*\.(?:jpe?g|png|webp|avif)))\/([1-9]\d{0,4})x([1-9]\d{0,4})$/i;

/** The R2 key of an image's original, and of one variant of it. */
export const originalKey = (hash: string) => `img/${hash}`;
export const variantKey = (hash: string, width: number, format: ImageFormat) =>
  `img/${hash}/${width}.${format}`;

/** What a content field holds for an uploaded image. */
export const imageField = ({ hash, width, height }: StoredImage) => `/media/img/${hash}/${width}x${height}`;

/** What the site takes a CMS upload as: its path where the CMS serves it, and its size. */
export const cmsImageField = (path: string, width: number, height: number) =>
  `/media/cms/${path}/${width}x${height}`;

/** The image a content field names (site-relative or on any host), or null for any other URL. */
export function storedImage(url: string | null | undefined): ServedImage | null {
  const m = url ? FIELD.exec(url) : null;
  return m ? { base: m[1] as string, width: +(m[2] as string), height: +(m[3] as string) } : null;
}

/** The URL of one variant: the format by the browser's Accept, unless `format` names one. */
export const variantUrl = (image: ServedImage, width: number, format?: ImageFormat) =>
  `${image.base}/${width}${format ? `.${format}` : ""}`;

/**
 * The ladder's widths worth asking for: those under the image's own width, and the first at or
 * above it (which the Worker makes at the image's width: it never enlarges).
 */
export function widthsOf(image: { width: number }): ImageWidth[] {
  const under = IMAGE_WIDTHS.filter((w) => w < image.width);
  const top = IMAGE_WIDTHS.find((w) => w >= image.width);
  return top ? [...under, top] : under;
}

/** `srcset` of an image: each width of the ladder it has, by its `w` descriptor. */
export function srcsetOf(image: ServedImage): string {
  return widthsOf(image)
    .map((w) => `${variantUrl(image, w)} ${Math.min(w, image.width)}w`)
    .join(", ");
}

/** The ladder's width nearest above `cssWidth × dpr` (for a single `src`), at most the image's. */
export function widthFor(image: { width: number }, pixels: number): ImageWidth {
  const widths = widthsOf(image);
  return widths.find((w) => w >= pixels) ?? (widths[widths.length - 1] as ImageWidth);
}
