import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CMS_CATALOGUE_PATH, catalogueJson } from "./cms-catalogue";

describe("cms/data/catalogue.json", () => {
  it("is the demo catalogue the embedded store loads (run `npm run cms:catalogue` after changing it)", () => {
    expect(readFileSync(CMS_CATALOGUE_PATH, "utf8")).toBe(catalogueJson());
  });
});
