import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { artistsMigration } from "./artists-sql";
import { ftsTriggerMigration } from "./fts-sql";

describe("migrations/0004_search_triggers.sql", () => {
  it("is what scripts/fts-triggers.ts generates (run it after changing scripts/catalogue/fts-sql.ts)", () => {
    const file = readFileSync(new URL("../../migrations/0004_search_triggers.sql", import.meta.url), "utf8");
    expect(file).toBe(ftsTriggerMigration());
  });
});

describe("migrations/0008_artists.sql", () => {
  it("is what scripts/artists-migration.ts generates (run it after changing scripts/catalogue/artists-sql.ts)", () => {
    const file = readFileSync(new URL("../../migrations/0008_artists.sql", import.meta.url), "utf8");
    expect(file).toBe(artistsMigration());
  });
});
