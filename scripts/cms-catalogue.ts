// `npm run cms:catalogue`: writes the demo catalogue (the content files in content/) as JSON for
// the Strapi bootstrap in cms/, so the CMS and the embedded store serve the same content.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadCatalogue } from "./content/folder";

export const CMS_CATALOGUE_PATH = join(import.meta.dirname, "..", "cms", "data", "catalogue.json");

/** The catalogue as the committed JSON text (fields in column order, so stable). */
export function catalogueJson(): string {
  return `${JSON.stringify(loadCatalogue(), null, 1)}\n`;
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  writeFileSync(CMS_CATALOGUE_PATH, catalogueJson(), "utf8");
  console.log(`Wrote ${CMS_CATALOGUE_PATH}`);
}
