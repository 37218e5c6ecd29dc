import { type CoreItem, LISTED_KINDS, type Listing } from "@core/content/catalogue";
import { type Fields, strapiColumns } from "@core/content/kind";
import type { ListFilter } from "@core/content/page";
import * as v from "valibot";
import type { CoreReads, KindReads } from "../listed-reads";
import { bySlug, listPaged } from "./catalog";
import { type CmsClient, type Param, populate } from "./client";
import { strapiEntries, strapiSite } from "./kind-shapes";

/**
 * The Strapi reads of a listed kind that has none of its own (docs/decisions/138-core-reads-of-listed-kinds.md):
 * its collection's entries with their id, slug and simple attributes (core/content/kind.ts), its
 * media populated, newest first by its date, searched by title.
 */

/**
 * The answer shape of one entry of a kind of these fields: its id and slug, and its simple
 * attributes, which strapiSite reads by name.
 */
function entryShape(fields: Fields) {
  const simple: Record<string, v.GenericSchema> = strapiEntries(fields);
  return v.object({ id: v.number(), slug: v.string(), ...simple });
}

/** The list and detail reads of a listing, through its collection's REST path. */
export function listingReads<F extends Fields>(listing: Listing<F>): KindReads<CmsClient, CoreItem<F>> {
  const { path, fields } = listing;
  const shape = entryShape(fields);
  const attributes = strapiColumns(fields);
  const media = attributes.filter(([, , isMedia]) => isMedia).map(([, name]) => name);
  const sort = attributes.find(([column]) => column === listing.date)?.[1] ?? listing.date;
  const toItem =
    (cms: CmsClient) =>
    (entry: { id: number; slug: string }): CoreItem<F> => ({
      ...strapiSite(fields, entry, cms.media),
      id: entry.id,
      slug: entry.slug,
    });
  return {
    list: (cms: CmsClient, filter: ListFilter = {}) => {
      const search = filter.search?.trim();
      const params: Param[] = [
        ...populate(media),
        ["sort", `${sort}:desc`],
        ...(search ? [["filters[title][$containsi]", search] as const] : []),
      ];
      return listPaged(cms, path, params, filter, shape, toItem(cms));
    },
    get: (cms: CmsClient, slug: string) => bySlug(cms, path, slug, populate(media), shape, toItem(cms)),
  };
}

/** The core reads of every listed kind. */
export const strapiCoreReads: CoreReads<CmsClient> = (kind) => listingReads(LISTED_KINDS[kind]);
