import type { Catalogue } from "@scripts/content/types";
import { inject } from "vitest";

/**
 * The demo catalogue as loadCatalogue() reads it from content/ (scripts/content/folder.ts): the
 * vitest configs read it in Node and provide it as JSON, so workerd, which has no file system to
 * read content/ from, gets the very records the seed and the CMS JSON are built from.
 */
export function demoCatalogue(): Catalogue {
  return JSON.parse(inject("demoCatalogue"));
}
