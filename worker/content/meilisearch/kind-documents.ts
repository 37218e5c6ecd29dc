import {
  type Fields,
  type SimpleKeys,
  type SiteFields,
  siteFields,
  siteValue,
  strapiName,
  type ValueOf,
} from "@core/content/kind";
import * as v from "valibot";

/**
 * A kind's simple fields (core/content/kind.ts) in its search documents: named as the CMS names
 * them (./documents.ts), written from the domain type and read back into it, and the valibot
 * entries of a hit (./shapes.ts). A new column of the definition is indexed without a line here.
 */

type DocKey<K, D> = D extends { strapi: infer S extends string } ? S : K;

/** The simple fields of a document: `{ [CMS name]: value as the site shows it }`. */
export type DocFields<F extends Fields> = {
  [K in SimpleKeys<F> as F[K] extends { site: string } ? DocKey<K, F[K]> : never]: ValueOf<F[K]>;
};

const docName = (column: string, def: Parameters<typeof strapiName>[1]) => strapiName(column, def) ?? column;

/** The document fields of an item's simple fields. */
export function toDocFields<F extends Fields>(fields: F, item: object): DocFields<F> {
  const out: Record<string, unknown> = {};
  const values = item as Record<string, unknown>;
  for (const [column, def] of siteFields(fields)) out[docName(column, def)] = values[def.site];
  return out as DocFields<F>;
}

/** The domain fields of a document's (or hit's) simple fields. */
export function fromDocFields<F extends Fields>(fields: F, doc: object): SiteFields<F> {
  const out: Record<string, unknown> = {};
  const values = doc as Record<string, unknown>;
  for (const [column, def] of siteFields(fields))
    out[def.site] = siteValue(def, values[docName(column, def)]);
  return out as SiteFields<F>;
}

const text = v.nullish(v.string());

/** The valibot entries of a hit's simple fields; `except`: columns the caller checks itself. */
export function hitEntries<F extends Fields, X extends SimpleKeys<F> = never>(
  fields: F,
  except: readonly X[] = [],
): { [K in keyof Omit<DocFields<F>, DocKey<X, F[X]>>]: v.GenericSchema<unknown, unknown> } {
  const out: Record<string, v.GenericSchema> = {};
  for (const [column, def] of siteFields(fields)) {
    if ((except as readonly string[]).includes(column)) continue;
    out[docName(column, def)] =
      def.value === "filled"
        ? v.string()
        : def.value === "flag"
          ? v.nullish(v.boolean())
          : def.value === "count"
            ? v.nullish(v.number())
            : def.value === "pick"
              ? def.fallback === null
                ? v.nullish(v.picklist(def.of ?? []))
                : v.picklist(def.of ?? [])
              : text;
  }
  return out as never;
}
