// `npx tsx scripts/fts-triggers.ts`: writes migrations/0004_search_triggers.sql from
// scripts/catalogue/fts-sql.ts (the unit lane checks that the file and the generator agree).
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { ftsTriggerMigration } from "./catalogue/fts-sql";

const path = resolve("migrations/0004_search_triggers.sql");
writeFileSync(path, ftsTriggerMigration(), "utf8");
console.log(`Wrote ${path}`);
