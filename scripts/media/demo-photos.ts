/**
 * `npx tsx scripts/media/demo-photos.ts`: the demo catalogue's photos. Twelve photo-like JPEGs of
 * 2000-3000 px (scripts/media/photos.ts, the same bytes from the same seed) are written beside
 * their content files in content/, and each file's image field is set to the stored form of its
 * photo, `/media/img/<hash>/<width>x<height>`, as an import records it. `npm start` and every
 * lane upload them to the local MEDIA bucket by that hash (scripts/content/photos.ts), so the
 * demo meets real rasters as a label's catalogue does (docs/decisions/141).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { imageField } from "../../core/media/images";
import { DEMO_CONTENT } from "../content/folder";
import { checkImage } from "../content/images";
import { makePhoto } from "./photos";

export interface DemoPhoto {
  /** The content file, relative to content/; the photo is written beside it as `<slug>.jpg`. */
  file: string;
  /** The front-matter field that names it. */
  field: string;
  width: number;
  height: number;
}

/** Square artwork as labels upload it, portraits upright, posts' and events' covers wide. */
export const DEMO_PHOTOS: DemoPhoto[] = [
  { file: "releases/bjorn-astrom-faded-harbour.md", field: "artwork", width: 3000, height: 3000 },
  { file: "releases/concrete-bloom-magnetic-bloom.md", field: "artwork", width: 3000, height: 3000 },
  { file: "releases/nino-kapanadze-northern-memory.md", field: "artwork", width: 2400, height: 2400 },
  { file: "releases/kwame-asante-brown-sodium-signal.md", field: "artwork", width: 2000, height: 2000 },
  { file: "releases/paper-moons-salt-orbit.md", field: "artwork", width: 2400, height: 2400 },
  { file: "artists/adaeze-okafor.md", field: "image", width: 2000, height: 2500 },
  { file: "artists/anouk-vermeer.md", field: "image", width: 2400, height: 2400 },
  { file: "artists/aoi-takenaka.md", field: "image", width: 2000, height: 2000 },
  {
    file: "posts/halcyon-drifts-salt-dreams-is-a-lesson-in-restraint.md",
    field: "cover_image",
    width: 3000,
    height: 2000,
  },
  {
    file: "posts/kwame-asante-brown-and-marrow-and-salt-team-up-for-a-b2b-tour.md",
    field: "cover_image",
    width: 2400,
    height: 1600,
  },
  { file: "events/crossfade-tokyo-new-years-eve-2026.md", field: "cover_image", width: 3000, height: 2000 },
  {
    file: "aggregated/amsterdams-noorderhaven-adds-a-second-room-for-electro.md",
    field: "featured_image",
    width: 2400,
    height: 1600,
  },
];

/** The photo's path beside its content file. */
export const photoFile = (p: DemoPhoto) => p.file.replace(/\.md$/, ".jpg");

async function main() {
  for (const [i, photo] of DEMO_PHOTOS.entries()) {
    const target = join(DEMO_CONTENT, photoFile(photo));
    writeFileSync(
      target,
      await makePhoto({ width: photo.width, height: photo.height, seed: 1000 + i, quality: 85, grain: 20 }),
    );
    const checked = await checkImage(target, photoFile(photo));
    if (typeof checked === "string") throw new Error(checked);
    const md = join(DEMO_CONTENT, photo.file);
    const text = readFileSync(md, "utf8");
    const line = new RegExp(`^${photo.field}: .*$`, "m");
    if (!line.test(text)) throw new Error(`${photo.file} has no ${photo.field} line`);
    writeFileSync(md, text.replace(line, `${photo.field}: ${imageField(checked)}`));
    console.log(`${photoFile(photo)}: ${photo.width} × ${photo.height}, ${imageField(checked)}`);
  }
}

if (process.argv[1] && import.meta.filename === resolve(process.argv[1])) await main();
