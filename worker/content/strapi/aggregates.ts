import type { Shape } from "../answer-shape";
import { type CmsClient, CmsError, type Param } from "./client";
import { type StrapiCountedTaxon, taxonomyCountsShape } from "./shapes";

/**
 * The CMS's aggregates of published content (cms/src/aggregates.js,
 * docs/decisions/111-cms-aggregates.md): one request each, whatever the archive holds, where
 * REST would read every post or count one genre at a time.
 */

/**
 * The answer of an aggregate route, or null when the CMS answers 404: a cms/ from before the
 * routes, which the caller then reads through REST as it did before (decision 111). Any other
 * failure throws, as every CMS call does.
 */
export async function readAggregate<T>(
  cms: CmsClient,
  path: string,
  params: readonly Param[],
  shape: Shape<T>,
): Promise<T | null> {
  try {
    return await cms.get(path, params, shape);
  } catch (error) {
    if (error instanceof CmsError && error.status === 404) return null;
    throw error;
  }
}

export interface TaxonomyCounts {
  genres: StrapiCountedTaxon[];
  locations: StrapiCountedTaxon[];
}

// One request answers both lists; the client lives for one Worker request (worker/content/service.ts),
// so a page or sitemap that asks for genres and locations side by side asks the CMS once.
const taxonomyRequests = new WeakMap<CmsClient, Promise<TaxonomyCounts | null>>();

/** Every genre and location with its published posts (GET /genres/counts), null on an older CMS. */
export function taxonomyCounts(cms: CmsClient): Promise<TaxonomyCounts | null> {
  let request = taxonomyRequests.get(cms);
  if (!request) {
    request = readAggregate(cms, "/genres/counts", [], taxonomyCountsShape).then((res) => res?.data ?? null);
    taxonomyRequests.set(cms, request);
  }
  return request;
}
