import {
  type Fields,
  type SimpleField,
  type SimpleKeys,
  type SiteFields,
  simpleFields,
  siteFields,
  siteValue,
  strapiName,
} from "@core/content/kind";
import * as v from "valibot";

/**
 * A kind's simple fields (core/content/kind.ts) as Strapi answers them: the entries of its answer
 * shape (./shapes.ts) and the domain fields they show (./mappers.ts), so a new column of the
 * definition is checked and read without a line here.
 */

/** An upload's URL for the site (the CMS client's `media`), given the upload itself. */
type MediaUrl = (url: string | null | undefined, file?: StrapiMedia | null) => string | null;

const text = v.nullish(v.string());
/** A media attribute as populated: its URL (relative to the CMS) and what a stored file needs. */
export const media = v.object({
  url: v.string(),
  name: text,
  mime: text,
  size: v.nullish(v.number()),
  // An image's intrinsic size, as Strapi measured it at upload.
  width: v.nullish(v.number()),
  height: v.nullish(v.number()),
});
export type StrapiMedia = v.InferOutput<typeof media>;

type StrapiValue<D> = D extends { value: "filled" | "link" } | { value: "moment"; fallback?: undefined }
  ? string
  : D extends { value: "flag" }
    ? boolean | null | undefined
    : D extends { value: "count" }
      ? number | null | undefined
      : D extends { value: "media" }
        ? StrapiMedia | null | undefined
        : D extends { value: "pick"; of: readonly (infer T)[] }
          ? T | null | undefined
          : string | null | undefined;

type StrapiKey<K, D> = D extends { strapi: false }
  ? never
  : D extends { strapi: infer S extends string }
    ? S
    : K;

/** The simple attributes of a kind's Strapi answer: `{ [attribute]: value }`. */
export type StrapiFields<F extends Fields> = {
  [K in SimpleKeys<F> as StrapiKey<K, F[K]>]: StrapiValue<F[K]>;
};

function schemaOf(def: SimpleField): v.GenericSchema {
  switch (def.value) {
    case "filled":
    case "link":
      return v.string();
    case "moment":
      return def.fallback === null ? text : v.string();
    case "flag":
      return v.nullish(v.boolean());
    case "count":
      return v.nullish(v.number());
    case "media":
      return v.nullish(media);
    case "pick":
      return v.nullish(v.picklist(def.of ?? []));
    default:
      return text;
  }
}

/** The valibot entries of a kind's simple attributes, to spread into its answer's v.object. */
export function strapiEntries<F extends Fields>(
  fields: F,
): { [K in keyof StrapiFields<F>]: v.GenericSchema<unknown, StrapiFields<F>[K]> } {
  const out: Record<string, v.GenericSchema> = {};
  for (const [column, def] of simpleFields(fields)) {
    const name = strapiName(column, def);
    if (name) out[name] = schemaOf(def);
  }
  return out as never;
}

/** The domain fields of a Strapi entry's simple attributes; media URLs made absolute by `mediaUrl`. */
export function strapiSite<F extends Fields>(fields: F, entry: object, mediaUrl: MediaUrl): SiteFields<F> {
  const out: Record<string, unknown> = {};
  const values = entry as Record<string, unknown>;
  for (const [column, def] of siteFields(fields)) {
    const raw = values[strapiName(column, def) ?? column];
    out[def.site] =
      def.value === "media"
        ? mediaUrl((raw as StrapiMedia | null | undefined)?.url, raw as StrapiMedia | null | undefined)
        : siteValue(def, raw);
  }
  return out as SiteFields<F>;
}

/** A catalogue entry's numeric id and slug beside its simple attributes' domain fields. */
export function strapiEntry<F extends Fields>(
  fields: F,
  entry: { id: number; slug: string },
  mediaUrl: MediaUrl,
): SiteFields<F> & { id: number; slug: string } {
  return { ...strapiSite(fields, entry, mediaUrl), id: entry.id, slug: entry.slug };
}
