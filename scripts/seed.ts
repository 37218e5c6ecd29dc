// `npx tsx scripts/seed.ts <out.sql> [content dir] [--persist-to <state dir>]`: writes the
// catalogue of the content files (default: the demo catalogue in content/) as SQLite statements,
// one per line, for `wrangler d1 execute --file` after the migrations
// (docs/decisions/033-content-files.md). With --persist-to, the photos the files name by hash and
// carry beside them are put in that local state's MEDIA bucket (docs/decisions/141).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { ROOT } from "./content/d1";
import { ContentError, catalogueFromFiles, DEMO_CONTENT, readFolder } from "./content/folder";
import { mediaBucket, uploadMedia } from "./content/media";
import { namedPhotos, recordedPhotos } from "./content/photos";
import { catalogueToSql } from "./content/sql/to-sql";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { "persist-to": { type: "string" } },
});
const [target, dirArg] = positionals;
if (!target) {
  console.error("Usage: npx tsx scripts/seed.ts <out.sql> [content dir] [--persist-to <state dir>]");
  process.exit(2);
}

try {
  const dir = resolve(dirArg ?? DEMO_CONTENT);
  const folder = readFolder(dir);
  const statements = catalogueToSql(catalogueFromFiles(folder.markdown));
  const path = resolve(target);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${statements.join("\n")}\n`, "utf8");
  console.log(`Wrote ${statements.length} statements to ${path}`);
  const persistTo = values["persist-to"];
  if (persistTo) {
    const photos = recordedPhotos(dir, folder.other, namedPhotos(folder.markdown));
    const local = { remote: false, persistTo: resolve(persistTo) };
    const bucket = mediaBucket(local, readFileSync(join(ROOT, "wrangler.toml"), "utf8"));
    await uploadMedia(photos, local, bucket, { quiet: true });
    console.log(`Put ${photos.length} photos in the local MEDIA bucket`);
  }
} catch (error) {
  console.error(error instanceof ContentError ? error.message : error);
  process.exit(1);
}
