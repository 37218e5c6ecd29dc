import type { MultiSearchQuery } from "meilisearch";
import type * as v from "valibot";
import { readAnswer } from "../answer-shape";
import { answerOf, taxonHitShape } from "./shapes";

export type TaxonIndex = "genre" | "location";

const taxaAnswer = answerOf(taxonHitShape);

/**
 * The query for display names by slug in the genre or location index (docs/product.md section 7:
 * 1000 hits a page, sorted by name). Meilisearch's facet counts come per slug, and the results
 * page shows names; the query rides in the same multi-search as the search it names.
 */
export function taxonQuery(index: TaxonIndex): MultiSearchQuery {
  return {
    indexUid: index,
    q: "",
    page: 1,
    hitsPerPage: 1000,
    sort: ["name:asc"],
    attributesToRetrieve: ["name", "slug"],
  };
}

/**
 * Names by slug from the answers to taxonQuery. An answer not of the expected shape gives no
 * names (section 8: genre and location failures give empty results), and the slugs are shown.
 */
export function taxonNames(answers: { index: TaxonIndex; answer: unknown }[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const { index, answer } of answers) {
    const read = readAnswer(taxaAnswer, answer);
    if (!read.ok) {
      console.error(
        `Failed to fetch ${index === "genre" ? "genres" : "locations"} from the search service:`,
        new Error(`Unexpected answer from the ${index} index: ${read.problem}`),
      );
      continue;
    }
    for (const t of read.value.hits as v.InferOutput<typeof taxonHitShape>[]) names.set(t.slug, t.name);
  }
  return names;
}
