// `npx tsx scripts/seed.ts <out.sql> [content dir]`: writes the catalogue of the content files
// (default: the demo catalogue in content/) as SQLite statements, one per line, for
// `wrangler d1 execute --file` after the migrations (docs/decisions/033-content-files.md).
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { ContentError, DEMO_CONTENT, loadCatalogue } from "./content/folder";
import { catalogueToSql } from "./content/sql/to-sql";

const target = process.argv[2];
if (!target) {
  console.error("Usage: npx tsx scripts/seed.ts <out.sql> [content dir]");
  process.exit(2);
}

try {
  const statements = catalogueToSql(loadCatalogue(resolve(process.argv[3] ?? DEMO_CONTENT)));
  const path = resolve(target);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${statements.join("\n")}\n`, "utf8");
  console.log(`Wrote ${statements.length} statements to ${path}`);
} catch (error) {
  console.error(error instanceof ContentError ? error.message : error);
  process.exit(1);
}
