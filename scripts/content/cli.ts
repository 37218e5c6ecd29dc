/**
 * `npm run content -- import <dir>` and `npm run content -- export <dir>`: the embedded store's
 * content as Markdown files (docs/operations.md "Writing content as files",
 * docs/decisions/033-content-files.md).
 *
 * import: every file validated first (nothing is written when one has a problem), then media
 * uploaded to the MEDIA bucket, the items upserted into D1 and the edge cache purged.
 * export: the catalogue in D1 written as the same files; export → import → export is identical.
 * preview: the signed link that shows an item on the site before it is published
 * (docs/decisions/154-signed-preview-links.md).
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { executeStatements, ROOT, readCatalogue, readKnownRows, type Target, upsertSql } from "./d1";
import { ContentError, catalogueFromFiles, readFolder, writeFolder } from "./folder";
import { mediaBucket, planMedia, uploadMedia, warmImages } from "./media";
import { KIND_OF, KINDS, type Kind, parseContent } from "./parse";
import { namedPhotos, recordedPhotos } from "./photos";
import { PreviewError, previewCommand } from "./preview";
import { purgeCache } from "./purge";
import { resolveContent } from "./resolve";
import { checkedCatalogueFiles } from "./write";

const USAGE = `Usage: npm run content -- <import|export> <dir> [options]
       npm run content -- preview <kind>/<slug> [options]

  import <dir>   validate every file of <dir>, then upsert it into D1, upload its media, purge the cache
  export <dir>   write the catalogue in D1 as files into <dir> (Markdown files of items gone are removed)
  preview <kind>/<slug>
                 print the link that shows the item (a draft too) on the site until it expires;
                 <kind> is posts, mixtapes, releases, events or artists

Options:
  --remote             the deployed database and bucket instead of the local state of npm start
  --env <name>         a named environment of wrangler.toml (staging, production)
  --persist-to <dir>   local state directory (default .wrangler/state)
  --prune              import: delete items (and genres, locations) that have no file in <dir>
  --dry-run            import: validate and show what would change, write nothing
  --site <url>         import: the site that makes the photos' first-view variants (default
                       SITE_URL, else http://localhost:8787); with --remote, also the one whose
                       /api/cache/purge to call (PURGE_TOKEN in the environment); preview: the
                       site the link opens
  --hours <n>          preview: how long the link works (default 24)`;

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    remote: { type: "boolean", default: false },
    env: { type: "string" },
    "persist-to": { type: "string" },
    prune: { type: "boolean", default: false },
    "dry-run": { type: "boolean", default: false },
    site: { type: "string" },
    hours: { type: "string" },
    help: { type: "boolean", default: false },
  },
});

const [command, dirArg] = positionals;
if (values.help || !command || !dirArg || !["import", "export", "preview"].includes(command)) fail(USAGE, 2);
const dir = resolve(dirArg);
const persistTo = values["persist-to"] ?? join(ROOT, ".wrangler", "state");
const target: Target = {
  remote: values.remote,
  persistTo: isAbsolute(persistTo) ? persistTo : resolve(persistTo),
  env: values.env,
};
mkdirSync(target.persistTo, { recursive: true });
const where = target.remote
  ? `the deployed database${target.env ? ` (${target.env})` : ""}`
  : `the local database in ${target.persistTo}`;

try {
  if (command === "preview") {
    const site = values.site ?? process.env.SITE_URL ?? "http://localhost:8787";
    console.log(await previewCommand(dirArg, { target, site, hours: values.hours }));
  } else if (command === "export") {
    const catalogue = readCatalogue(target);
    const files = checkedCatalogueFiles(catalogue, (written) => catalogueFromFiles(written));
    const { written, removed } = writeFolder(dir, files);
    console.log(
      `Exported ${written} files from ${where} to ${dir}${removed.length ? ` (removed ${removed.length} of items no longer there)` : ""}.`,
    );
  } else {
    if (!existsSync(dir)) fail(`${dir} does not exist`);
    const folder = readFolder(dir);
    const known = readKnownRows(target);
    // Every check before any write: file by file, media, then ids and references.
    const parsed = parseContent(folder.markdown);
    const media = await planMedia(dir, parsed.content);
    // Photos the files name as stored already, carried beside them (the demo catalogue's).
    const carried = recordedPhotos(dir, folder.other, namedPhotos(folder.markdown)).filter(
      (u) => !media.uploads.some((m) => m.key === u.key),
    );
    media.uploads.push(...carried);
    const resolved = resolveContent(parsed.content, known, { referencesFromFilesOnly: values.prune });
    const problems = [...parsed.problems, ...media.problems, ...resolved.problems];
    if (problems.length) throw new ContentError(problems);
    const catalogue = resolved.catalogue;
    const itemsOf = (kind: Kind) =>
      (catalogue as unknown as Record<string, Array<{ id: number }>>)[KIND_OF[kind].key] ?? [];
    const lines: string[] = [];
    const prune: Partial<Record<Kind, number[]>> = {};
    let unfiled = 0;
    for (const kind of KINDS) {
      const ids = new Set(itemsOf(kind).map((x) => x.id));
      const stored = new Set(known[kind].map((r) => r.id));
      const missing = known[kind].filter((r) => !ids.has(r.id)).map((r) => r.id);
      const added = [...ids].filter((id) => !stored.has(id)).length;
      if (values.prune) prune[kind] = missing;
      else unfiled += missing.length;
      const deleted = values.prune && missing.length ? `, ${missing.length} deleted` : "";
      lines.push(`${kind}: ${ids.size - added} updated, ${added} new${deleted}`);
    }
    console.log(
      `${values["dry-run"] ? "Would import" : "Importing"} ${dir} into ${where}:\n  ${lines.join("\n  ")}`,
    );
    if (media.uploads.length) console.log(`  media: ${media.uploads.length} file(s) to the MEDIA bucket`);
    if (unfiled)
      console.log(`  ${unfiled} item(s) in the database have no file here: kept (--prune deletes them).`);
    if (values["dry-run"]) process.exit(0);
    if (media.uploads.length) {
      await uploadMedia(
        media.uploads,
        target,
        mediaBucket(target, readFileSync(join(ROOT, "wrangler.toml"), "utf8")),
      );
    }
    const stored = (kind: Kind) => new Set(known[kind].map((r) => r.id));
    await executeStatements(
      upsertSql(catalogue, prune, Object.fromEntries(KINDS.map((kind) => [kind, stored(kind)]))),
      target,
    );
    console.log(await purgeCache(target, values.site ?? process.env.SITE_URL));
    const site = values.site ?? process.env.SITE_URL ?? "http://localhost:8787";
    const warmed = await warmImages(media.uploads, site);
    if (warmed) console.log(warmed);
  }
} catch (error) {
  if (error instanceof ContentError) fail(`Nothing was written.\n${error.message}`);
  if (error instanceof PreviewError) fail(error.message, 2);
  fail(error instanceof Error ? error.message : String(error));
}
