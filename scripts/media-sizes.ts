// `npm run media:sizes`: records the byte size of every audio file in public/media/audio/ in
// worker/feeds/media-sizes.ts, for the podcast feed's enclosures (docs/decisions/030-queue-feeds-demo.md).
// scripts/media-sizes.test.ts fails when a file changed and this was not run.
import { readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..");
export const MEDIA_SIZES_PATH = join(ROOT, "worker", "feeds", "media-sizes.ts");

/** Site path → bytes, for every file in public/media/audio/. */
export function mediaSizes(): Record<string, number> {
  const dir = join(ROOT, "public", "media", "audio");
  const sizes: Record<string, number> = {};
  // The audio only: each file's waveform (<name>.peaks.json, scripts/peaks.ts) sits beside it.
  for (const name of readdirSync(dir).sort())
    if (!name.endsWith(".peaks.json")) sizes[`/media/audio/${name}`] = statSync(join(dir, name)).size;
  return sizes;
}

export function mediaSizesModule(): string {
  const rows = Object.entries(mediaSizes()).map(([path, size]) => `  "${path}": ${size},`);
  return `// Written by \`npm run media:sizes\` (scripts/media-sizes.ts); do not edit.
/** Byte size of each audio file the site serves from public/, for feed enclosures. */
export const LOCAL_MEDIA_SIZES: Readonly<Record<string, number>> = {
${rows.join("\n")}
};
`;
}

if (process.argv[1] === import.meta.filename) {
  writeFileSync(MEDIA_SIZES_PATH, mediaSizesModule(), "utf8");
  console.log(`Wrote ${MEDIA_SIZES_PATH}`);
}
