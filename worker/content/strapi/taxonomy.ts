import type { Genre, Location } from "@core/content/taxon";
import { partOrElse } from "@worker/failure/source-failure";
import * as v from "valibot";
import type { Shape } from "../answer-shape";
import { MAX_PAGE_SIZE } from "../paging";
import { readAggregate, taxonomyCounts } from "./aggregates";
import { type CmsClient, failed, type Param, paginate } from "./client";
import {
  listOf,
  postTagsShape,
  type StrapiCountedTaxon,
  type StrapiTaxon,
  tagNamesShape,
  taxonShape,
} from "./shapes";

const TAXONOMY_PAGE_SIZE = 100;

/** Every item of a collection, 100 per page unless `pageSize` says (docs/product.md section 7). */
export async function fetchAll<T>(
  cms: CmsClient,
  path: string,
  row: Shape<T>,
  params: Param[] = [],
  pageSize = TAXONOMY_PAGE_SIZE,
): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; ; page++) {
    const res = await cms.get(path, [...params, ...paginate(page, pageSize)], listOf(row));
    all.push(...res.data);
    if (page >= res.meta.pagination.pageCount || res.data.length === 0) return all;
  }
}

/** Published posts tagged with one slug, read from meta.pagination.total; a failure counts 0. */
function postCount(cms: CmsClient, relation: "genres" | "locations", slug: string): Promise<number> {
  const count = async () => {
    const res = await cms.get(
      "/blog-posts",
      [[`filters[${relation}][slug][$eq]`, slug], ["fields[0]", "slug"], ...paginate(1, 1)],
      listOf(v.unknown()),
    );
    return res.meta.pagination.total;
  };
  return partOrElse(`Failed to count posts for ${relation} ${slug}`, count, 0);
}

/** The REST way of a CMS without GET /genres/counts: the taxonomy, then one count per item. */
async function countedOneByOne(
  cms: CmsClient,
  relation: "genres" | "locations",
): Promise<StrapiCountedTaxon[]> {
  const items = await fetchAll(cms, `/${relation}`, taxonShape, [["sort", "name:asc"]]);
  const counts = await Promise.all(items.map((t) => postCount(cms, relation, t.slug)));
  return items.map((t, i) => ({ ...t, postCount: counts[i] ?? 0 }));
}

/**
 * Genres or locations with their published posts, zero counts dropped, most posts first: one
 * request for both lists (./aggregates.ts), else the REST way, 1 + one per item.
 */
async function withCounts(cms: CmsClient, relation: "genres" | "locations", text: string) {
  const read = async () => {
    const counted = await taxonomyCounts(cms);
    return counted ? counted[relation] : countedOneByOne(cms, relation);
  };
  const items = await read().catch((cause) => {
    throw failed(text, cause);
  });
  return items
    .filter((t) => t.postCount > 0)
    .sort((a, b) => b.postCount - a.postCount || (a.name < b.name ? -1 : 1));
}

const named = (t: StrapiTaxon) => ({ id: t.id, name: t.name, slug: t.slug });

/** Genres with post counts; zero counts dropped; most posts first. */
export async function listGenres(cms: CmsClient): Promise<Genre[]> {
  const rows = await withCounts(cms, "genres", "Failed to fetch genres");
  return rows.map((t) => ({ ...named(t), postCount: t.postCount }));
}

/** Locations with post counts, as for genres. */
export async function listLocations(cms: CmsClient): Promise<Location[]> {
  const rows = await withCounts(cms, "locations", "Failed to fetch locations");
  return rows.map((t) => ({ ...named(t), type: t.type ?? "city", postCount: t.postCount }));
}

/**
 * Tags in use on published posts, alphabetically (docs/product.md section 3): one request
 * (GET /blog-posts/tags, ./aggregates.ts). A CMS without it has every post read with its tags
 * alone, 1000 a page (Strapi's maxLimit): 10 requests for 10,000 posts (docs/decisions/106).
 */
export async function listTags(cms: CmsClient): Promise<string[]> {
  const names =
    (await readAggregate(cms, "/blog-posts/tags", [], tagNamesShape))?.data ??
    (
      await fetchAll(
        cms,
        "/blog-posts",
        postTagsShape,
        [
          ["fields[0]", "slug"],
          ["populate[0]", "tags"],
        ],
        MAX_PAGE_SIZE,
      )
    ).flatMap((p) => (p.tags ?? []).map((t) => t.name));
  return [...new Set(names)].sort();
}
