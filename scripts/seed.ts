// `npx tsx scripts/seed.ts <out.sql>`: writes the demo catalogue (scripts/catalogue/) as SQLite
// statements, one per line, for `wrangler d1 execute --file` after the migrations.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { generateCatalogue } from "./catalogue/generate";
import { catalogueToSql } from "./catalogue/to-sql";

const target = process.argv[2];
if (!target) {
  console.error("Usage: npx tsx scripts/seed.ts <out.sql>");
  process.exit(2);
}

const statements = catalogueToSql(generateCatalogue());
const path = resolve(target);
mkdirSync(dirname(path), { recursive: true });
writeFileSync(path, `${statements.join("\n")}\n`, "utf8");
console.log(`Wrote ${statements.length} statements to ${path}`);
