// `npx tsx scripts/fts-triggers.ts`: writes migrations/0004_search_triggers.sql and
// migrations/0007_flat_lists.sql from scripts/catalogue/fts-sql.ts and list-sql.ts (the unit lane checks that the file and the generator agree).
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { flatListsMigration, ftsTriggerMigration } from "./catalogue/fts-sql";
import { flatListsSql } from "./catalogue/list-sql";

const files: [string, string][] = [
  ["migrations/0004_search_triggers.sql", ftsTriggerMigration()],
  ["migrations/0007_flat_lists.sql", flatListsMigration(flatListsSql())],
];
for (const [file, text] of files) {
  const path = resolve(file);
  writeFileSync(path, text, "utf8");
  console.log(`Wrote ${path}`);
}
