// `npx tsx scripts/artists-migration.ts`: writes migrations/0008_artists.sql from
// scripts/content/sql/artists-sql.ts (the unit lane checks that the file and the generator agree).
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { artistsMigration } from "./content/sql/artists-sql";

const path = resolve("migrations/0008_artists.sql");
writeFileSync(path, artistsMigration(), "utf8");
console.log(`Wrote ${path}`);
