import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { artistsMigration } from "./artists-sql";
import { cardsMigration } from "./cards-sql";
import { documentsMigration, flatListsMigration, ftsTriggerMigration } from "./fts-sql";
import { flatListsSql } from "./list-sql";
import { longTextsMigration } from "./long-texts-sql";

const migration = (name: string) =>
  readFileSync(new URL(`../../../migrations/${name}`, import.meta.url), "utf8");

describe("the generated migrations (run `npx tsx scripts/fts-triggers.ts` after changing their generators)", () => {
  it("0004_search_triggers.sql is what scripts/content/sql/fts-sql.ts generates", () => {
    expect(migration("0004_search_triggers.sql")).toBe(ftsTriggerMigration());
  });

  it("0007_flat_lists.sql is what scripts/content/sql/fts-sql.ts and list-sql.ts generate", () => {
    expect(migration("0007_flat_lists.sql")).toBe(flatListsMigration(flatListsSql()));
  });

  it("0014_documents.sql is what scripts/content/sql/fts-sql.ts generates", () => {
    expect(migration("0014_documents.sql")).toBe(documentsMigration());
  });

  it("0016_long_texts.sql is what scripts/content/sql/long-texts-sql.ts generates", () => {
    expect(migration("0016_long_texts.sql")).toBe(longTextsMigration());
  });

  it("0010_cards_and_lists.sql is what scripts/content/sql/cards-sql.ts generates", () => {
    expect(migration("0010_cards_and_lists.sql")).toBe(cardsMigration());
  });
});

describe("migrations/0008_artists.sql", () => {
  it("is what scripts/artists-migration.ts generates (run it after changing scripts/content/sql/artists-sql.ts)", () => {
    const file = readFileSync(new URL("../../../migrations/0008_artists.sql", import.meta.url), "utf8");
    expect(file).toBe(artistsMigration());
  });
});
