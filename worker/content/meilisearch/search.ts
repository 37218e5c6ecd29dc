import type { ArtistHit, MixtapeHit, PostHit, SearchResult, Suggestion } from "@core/search/results";
import type { SearchIndex } from "@core/search/search-index";
import { SourceError } from "@worker/failure/source-error";
import { Meilisearch, type MultiSearchQuery } from "meilisearch";
import * as v from "valibot";
import { readAnswer, type Shape } from "../answer-shape";
import { balance } from "../balance";
import { hitsPage, mixtapeHit, postHit } from "./hits";
import { mixtapeQuery, postQuery } from "./queries";
import {
  answerOf,
  anyHitShape,
  artistHitShape,
  mixtapeHitShape,
  postHitShape,
  suggestionHitShape,
} from "./shapes";
import { type TaxonIndex, taxonNames, taxonQuery } from "./taxonomy";

export interface MeiliConfig {
  host: string;
  /** The public search-only key (docs/product.md section 6); sent as a bearer token. */
  searchKey?: string;
  /** Per-request time budget, so a slow search service cannot hold a page. */
  timeoutMs?: number;
  /**
   * Display names for facet slugs (Meilisearch counts slugs and names separately). Default: the
   * genre and location indexes, asked in the same multi-search as the search.
   */
  names?: () => Promise<Map<string, string>>;
}

const multiAnswer = v.object({ results: v.array(v.unknown()) });

/**
 * Search through Meilisearch (docs/product.md section 7). Every search is one `POST /multi-search`
 * (docs/decisions/036): the post and/or mixtape queries together with the genre and location
 * names their facets need, and suggestions from both indexes. Methods throw on any failure; the
 * failover wrapper decides what the visitor gets (section 8).
 */
export function createMeiliSearch(config: MeiliConfig): SearchIndex {
  const client = new Meilisearch({
    host: config.host,
    apiKey: config.searchKey || undefined,
    clientAgents: ["Crossfade"],
    timeout: config.timeoutMs ?? 3000,
  });

  /** One multi-search; each answer checked against what is read of it (a mismatch throws: failover). */
  async function multi(queries: MultiSearchQuery[]): Promise<unknown[]> {
    const answer = await client.multiSearch({ queries });
    const read = readAnswer(multiAnswer, answer);
    if (!read.ok || read.value.results.length !== queries.length) {
      const problem = read.ok
        ? `${read.value.results.length} results for ${queries.length} queries`
        : read.problem;
      throw new SourceError(`Unexpected answer from the multi-search: ${problem}`, "parse");
    }
    return read.value.results;
  }
  function checked<T>(index: string, hit: Shape<T>, answer: unknown) {
    const read = readAnswer(answerOf(hit), answer);
    if (!read.ok)
      throw new SourceError(`Unexpected answer from the ${index} index: ${read.problem}`, "parse");
    return read.value;
  }

  /** The searches plus, unless names were given, the taxon queries; names from their answers. */
  async function withNames(queries: MultiSearchQuery[], taxa: TaxonIndex[]) {
    if (config.names) {
      const [results, names] = await Promise.all([
        multi(queries),
        config.names().catch(() => new Map<string, string>()),
      ]);
      return { results, names };
    }
    const all = await multi([...queries, ...taxa.map(taxonQuery)]);
    const names = taxonNames(taxa.map((index, i) => ({ index, answer: all[queries.length + i] })));
    return { results: all.slice(0, queries.length), names };
  }

  return {
    kind: "meilisearch",
    async searchArtists(q, limit): Promise<ArtistHit[]> {
      const [answer] = await multi([
        {
          indexUid: "artist",
          q,
          hitsPerPage: limit,
          attributesToRetrieve: ["slug", "name", "kind", "image"],
          attributesToHighlight: ["name"],
          highlightPreTag: "<mark>",
          highlightPostTag: "</mark>",
        },
      ]);
      return checked("artist", artistHitShape, answer).hits.map((hit) => {
        const marked = hit._formatted?.name;
        return {
          slug: hit.slug,
          name: hit.name,
          kind: hit.kind === "group" ? "group" : "person",
          image: hit.image ?? null,
          highlightedName: typeof marked === "string" && marked.includes("<mark>") ? marked : hit.name,
        };
      });
    },

    async searchPosts(query): Promise<SearchResult<PostHit>> {
      const { results, names } = await withNames([postQuery(query)], ["genre", "location"]);
      return hitsPage(checked("blog-post", postHitShape, results[0]), names, postHit);
    },

    async searchMixtapes(query): Promise<SearchResult<MixtapeHit>> {
      // Mixtapes have genres, no locations (docs/decisions/008).
      const { results, names } = await withNames([mixtapeQuery(query)], ["genre"]);
      return hitsPage(checked("mixtape", mixtapeHitShape, results[0]), names, mixtapeHit);
    },

    async searchPostsAndMixtapes(query) {
      const { results, names } = await withNames(
        [postQuery(query), mixtapeQuery(query)],
        ["genre", "location"],
      );
      return {
        posts: hitsPage(checked("blog-post", postHitShape, results[0]), names, postHit),
        mixtapes: hitsPage(checked("mixtape", mixtapeHitShape, results[1]), names, mixtapeHit),
      };
    },

    async suggest(q, limit): Promise<Suggestion[]> {
      const params = { q, hitsPerPage: limit, attributesToRetrieve: ["title", "artist_name", "slug"] };
      const [postAnswer, mixtapeAnswer] = await multi([
        { indexUid: "blog-post", ...params },
        { indexUid: "mixtape", ...params },
      ]);
      const toSuggestion =
        (kind: "post" | "mixtape", base: string) =>
        (hit: { title: string; artist_name?: string | null; slug: string }) => ({
          kind,
          title: hit.title,
          artist: hit.artist_name ?? null,
          href: `${base}/${hit.slug}`,
        });
      return balance(
        checked("blog-post", suggestionHitShape, postAnswer).hits.map(toSuggestion("post", "/blog")),
        checked("mixtape", suggestionHitShape, mixtapeAnswer).hits.map(toSuggestion("mixtape", "/mixtapes")),
        limit,
      );
    },

    async health() {
      await client.health();
      // docs/product.md section 4: unavailable when the service returns no posts in a test search.
      const probe = await client
        .index("blog-post")
        .search("", { hitsPerPage: 1, attributesToRetrieve: ["id"] });
      return checked("blog-post", anyHitShape, probe).hits.length > 0;
    },
  };
}
