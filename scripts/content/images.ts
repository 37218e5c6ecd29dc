/**
 * Photos beside content files (docs/decisions/139): a JPEG, PNG, WebP or AVIF named in an image
 * field is checked by its bytes, measured, and named by its content hash, so the same photo under
 * two names is one object in the MEDIA bucket. What is no image, too large or corrupt is refused
 * with the reason, before anything is written.
 */
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import sharp from "sharp";
import { HASH_LENGTH, type StoredImage } from "../../core/media/images";

/** The largest upload taken, in bytes, and the longest side, in pixels. */
export const MAX_IMAGE_BYTES = 25 * 1024 * 1024;
export const MAX_IMAGE_SIDE = 12_000;

/** File names an image field takes beside a file; anything else there is refused. */
export const IMAGE_NAME = /\.(jpe?g|png|webp|avif)$/i;

/** Each format's media type. */
export const IMAGE_TYPES = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
} as const;
type ImageType = keyof typeof IMAGE_TYPES;

/** An image's name in the MEDIA bucket: the first 24 hex digits of the SHA-256 of its bytes. */
export const photoHash = (bytes: Uint8Array) =>
  createHash("sha256").update(bytes).digest("hex").slice(0, HASH_LENGTH);

/** The format of an image by its first bytes, or null for anything else. */
export function sniffImage(head: Uint8Array): ImageType | null {
  const at = (i: number, ...bytes: number[]) => bytes.every((b, n) => head[i + n] === b);
  const text = (i: number, s: string) => at(i, ...[...s].map((c) => c.charCodeAt(0)));
  if (at(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (text(0, "RIFF") && text(8, "WEBP")) return "webp";
  if (text(4, "ftyp") && (text(8, "avif") || text(8, "avis"))) return "avif";
  return null;
}

export interface CheckedImage extends StoredImage {
  contentType: string;
}

/** The photo in `file` as the MEDIA bucket keeps it, or the reason it is refused. */
export async function checkImage(file: string, shown: string): Promise<CheckedImage | string> {
  const size = statSync(file).size;
  if (size > MAX_IMAGE_BYTES)
    return `'${shown}' is ${(size / 1024 / 1024).toFixed(1)} MB: an image may be at most 25 MB`;
  const bytes = readFileSync(file);
  const type = sniffImage(bytes.subarray(0, 16));
  if (!type) return `'${shown}' is not a JPEG, PNG, WebP or AVIF image by its bytes`;
  let width: number | undefined;
  let height: number | undefined;
  try {
    const meta = await sharp(bytes).metadata();
    // A camera's portrait is stored on its side with an orientation (EXIF 5-8) that turns it.
    [width, height] = (meta.orientation ?? 1) >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
    if (!width || !height) throw new Error("no size");
    if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE)
      return `'${shown}' is ${width} × ${height} px: an image may be at most ${MAX_IMAGE_SIDE} px a side`;
    // Decoded whole (at an eighth of its size, which a JPEG decodes fastest), so a cut or damaged
    // file is refused here, not drawn grey on a page.
    await sharp(bytes, { failOn: "truncated" })
      .resize(Math.max(1, Math.round(width / 8)))
      .toBuffer();
  } catch {
    return `'${shown}' is a damaged ${type === "jpeg" ? "JPEG" : type.toUpperCase()} image: it cannot be decoded`;
  }
  return { hash: photoHash(bytes), width, height, contentType: IMAGE_TYPES[type] };
}
