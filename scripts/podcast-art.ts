// `npm run podcast:art`: renders each SVG cover of a mixtape in public/media/covers/ as a
// 1400 × 1400 PNG in public/media/covers/podcast/ (Apple Podcasts takes PNG or JPEG of 1400 to
// 3000 px for episode art, never SVG), and records which covers have one in
// worker/feeds/podcast-art.ts, so the feed names a PNG only where there is one
// (docs/decisions/060-podcast-directories.md). scripts/podcast-art.test.ts fails when a mixtape's
// SVG cover has no PNG or the record is out of date.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { loadCatalogue } from "./content/folder";

const ROOT = join(import.meta.dirname, "..");
export const PODCAST_ART_PATH = join(ROOT, "worker", "feeds", "podcast-art.ts");
export const ART_SIZE = 1400;
const COVERS = join(ROOT, "public", "media", "covers");

/** The site path of the PNG rendition of an SVG cover in /media/covers/, or null for any other image. */
export function pngFor(cover: string | null | undefined): string | null {
  const match = cover?.match(/^\/media\/covers\/([a-z0-9-]+)\.svg$/);
  return match ? `/media/covers/podcast/${match[1]}.png` : null;
}

/** Every mixtape cover that needs a PNG, with the file it is rendered to. */
export function mixtapeCovers(): Array<{ svg: string; png: string }> {
  const covers = new Map<string, string>();
  for (const m of loadCatalogue().mixtapes) {
    const png = pngFor(m.cover_image);
    if (png && m.cover_image) covers.set(m.cover_image, png);
  }
  return [...covers].sort().map(([svg, png]) => ({ svg, png }));
}

/** The SVG covers (site paths) whose PNG is in public/, sorted. */
export function renderedCovers(): string[] {
  return mixtapeCovers()
    .filter(({ png }) => existsSync(join(ROOT, "public", png)))
    .map(({ svg }) => svg);
}

export function podcastArtModule(covers: string[]): string {
  return `// Written by \`npm run podcast:art\` (scripts/podcast-art.ts); do not edit.
/** SVG covers with a ${ART_SIZE} px PNG rendition in /media/covers/podcast/, for podcast episode art. */
export const PODCAST_ART: ReadonlySet<string> = new Set([
${covers.map((c) => `  "${c}",`).join("\n")}
]);
`;
}

/** Renders one SVG file to a square PNG of ART_SIZE pixels. */
export function renderPng(svg: Buffer | string): Buffer {
  const resvg = new Resvg(svg, {
    fitTo: { mode: "width", value: ART_SIZE },
    font: { loadSystemFonts: true },
  });
  return resvg.render().asPng();
}

if (process.argv[1] === import.meta.filename) {
  mkdirSync(join(COVERS, "podcast"), { recursive: true });
  for (const { svg, png } of mixtapeCovers()) {
    const source = join(COVERS, basename(svg));
    if (!existsSync(source)) throw new Error(`${svg}: no such file in public/media/covers/`);
    writeFileSync(join(ROOT, "public", png), renderPng(readFileSync(source)));
    console.log(`Rendered ${png}`);
  }
  writeFileSync(PODCAST_ART_PATH, podcastArtModule(renderedCovers()), "utf8");
  console.log(`Wrote ${PODCAST_ART_PATH}`);
}
