import type { Meilisearch } from "meilisearch";
import type * as v from "valibot";
import { readAnswer } from "../answer-shape";
import { answerOf, taxonHitShape } from "./shapes";

const taxaAnswer = answerOf(taxonHitShape);

/**
 * Display names by slug from the genre and location indexes (docs/product.md section 7: 1000 hits a page,
 * sorted by name). Meilisearch's facet counts come per slug, and the results page shows names.
 * A failure, or an answer not of the expected shape, gives no names (section 8: empty results),
 * and the slugs are shown instead.
 */
export async function taxonNames(client: Meilisearch): Promise<Map<string, string>> {
  const search = (index: "genre" | "location") =>
    client
      .index(index)
      .search("", { page: 1, hitsPerPage: 1000, sort: ["name:asc"], attributesToRetrieve: ["name", "slug"] })
      .then((answer): v.InferOutput<typeof taxonHitShape>[] => {
        const read = readAnswer(taxaAnswer, answer);
        if (!read.ok) throw new Error(`Unexpected answer from the ${index} index: ${read.problem}`);
        return read.value.hits;
      })
      .catch((error: unknown) => {
        console.error(
          `Failed to fetch ${index === "genre" ? "genres" : "locations"} from the search service:`,
          error,
        );
        return [];
      });
  const [genres, locations] = await Promise.all([search("genre"), search("location")]);
  return new Map([...genres, ...locations].map((t) => [t.slug, t.name]));
}
