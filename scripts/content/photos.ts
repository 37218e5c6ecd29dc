/**
 * Photos a content folder carries already stored: a field that names `/media/img/<hash>/…` (what
 * an import records, and what the demo catalogue in content/ holds) with the photo itself beside
 * the files, under any name. An import, and the seed of `npm start`, upload each such photo whose
 * hash a file names, so a folder moves to a new store with its pictures (docs/decisions/141).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { originalKey } from "../../core/media/images";
import { IMAGE_NAME, IMAGE_TYPES, photoHash, sniffImage } from "./images";
import type { Upload } from "./media";

const NAMED = /\/media\/img\/([0-9a-f]{24})\//g;

/** The hashes of the stored photos that the Markdown files name. */
export function namedPhotos(markdown: ReadonlyMap<string, string>): Set<string> {
  const hashes = new Set<string>();
  for (const text of markdown.values()) for (const m of text.matchAll(NAMED)) hashes.add(m[1] as string);
  return hashes;
}

/**
 * The uploads of the photos in `dir` (its `other` files) that a Markdown file names by hash.
 * A photo no file names is left where it is; a named hash with no photo here is taken to be in
 * the bucket already.
 */
export function recordedPhotos(dir: string, other: readonly string[], named: ReadonlySet<string>): Upload[] {
  const uploads = new Map<string, Upload>();
  for (const rel of other) {
    if (!IMAGE_NAME.test(rel)) continue;
    const file = join(dir, rel);
    const bytes = readFileSync(file);
    const type = sniffImage(bytes.subarray(0, 16));
    if (!type) continue;
    const hash = photoHash(bytes);
    const key = originalKey(hash);
    if (named.has(hash) && !uploads.has(key)) uploads.set(key, { file, key, contentType: IMAGE_TYPES[type] });
  }
  return [...uploads.values()];
}
