// `npx tsx scripts/fts-triggers.ts`: writes migrations/0004_search_triggers.sql,
// migrations/0007_flat_lists.sql, migrations/0010_cards_and_lists.sql and
// migrations/0014_documents.sql and migrations/0016_long_texts.sql from scripts/content/sql/fts-sql.ts,
// list-sql.ts and cards-sql.ts (the unit lane checks that the files and the generators agree).
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { cardsMigration } from "./content/sql/cards-sql";
import { documentsMigration, flatListsMigration, ftsTriggerMigration } from "./content/sql/fts-sql";
import { flatListsSql } from "./content/sql/list-sql";
import { longTextsMigration } from "./content/sql/long-texts-sql";

const files: [string, string][] = [
  ["migrations/0004_search_triggers.sql", ftsTriggerMigration()],
  ["migrations/0007_flat_lists.sql", flatListsMigration(flatListsSql())],
  ["migrations/0010_cards_and_lists.sql", cardsMigration()],
  ["migrations/0014_documents.sql", documentsMigration()],
  ["migrations/0016_long_texts.sql", longTextsMigration()],
];
for (const [file, text] of files) {
  const path = resolve(file);
  writeFileSync(path, text, "utf8");
  console.log(`Wrote ${path}`);
}
