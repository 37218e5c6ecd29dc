/**
 * The one declaration of a content type's stored fields (docs/decisions/128-one-definition-per-kind.md).
 * Each kind's file in core/content/ lists its fields in content-file order, keyed by the column
 * name D1 and the content files share; each says its name on the site, its Strapi attribute
 * where that differs, and its value kind. The adapters, the content files, the catalogue records
 * and the Strapi seed derive the simple fields from it: each place keeps code only for what it
 * marks `own` (relations, lists, bodies, composites).
 *
 * Plain data and types only, so an app/ module that imports a kind's file pulls in no schema
 * library (the client bundle budget, tests/size/budgets.test.mjs).
 */

/** How a simple value is stored and read. */
export type ValueKind =
  /** Text that must not be empty. */
  | "filled"
  /** Text; missing reads as "". */
  | "text"
  /** Text the content files must fill; a source that leaves it out reads as "". */
  | "given"
  /** An absolute URL that must be there ('https://example.com/story'). */
  | "link"
  /** Text; empty or missing reads as `fallback` ('Single'). */
  | "preset"
  /** Text or null. */
  | "optional"
  /** A name, or null: blank text reads as null. */
  | "name"
  /** A file's site path (an uploaded file in Strapi's media library), or null. */
  | "media"
  /** true or false (0/1 in D1); missing is false. */
  | "flag"
  /** A point in time, ISO 8601 ('2026-03-01T18:00:00.000Z'). */
  | "instant"
  /** A day, 'YYYY-MM-DD'. */
  | "day"
  /**
   * A point in time with the venue's UTC offset ('2026-12-05T23:00:00+01:00'); `fallback: null`:
   * it may be missing (null).
   */
  | "moment"
  /**
   * A point in time written with its zone ('2027-06-01T09:00:00+02:00', '2027-06-01T07:00:00Z'),
   * or null: the content files refuse one without a zone.
   */
  | "zoned"
  /** An IANA time zone ('Europe/Berlin'); empty reads as `fallback`. */
  | "zone"
  /** A duration like '4:05' or '1:02:30'; empty reads as `fallback`, or null without one. */
  | "clock"
  /** A whole number; missing is 0. */
  | "count"
  /** One of `of`; missing is `fallback`, which may be null. */
  | "pick";

/** A simple field: one column, one value kind, derived everywhere. */
export interface SimpleField {
  value: ValueKind;
  /** The field of the domain type that shows it; none: the kind's own code reads it. */
  site?: string;
  /** Its Strapi attribute when not the column's name; false: Strapi does not keep it. */
  strapi?: string | false;
  /** pick: the values. */
  of?: readonly string[];
  /**
   * pick: the value a missing one reads as; preset, clock, zone: the value an empty one reads as;
   * moment: null when it may be missing.
   */
  fallback?: string | null;
  /** pick: the content files' message for a value not in `of`. */
  message?: string;
}

/** A field each place spells in its own code (relations, lists, the id). */
export interface OwnField {
  value: "own";
}

export type FieldDef = SimpleField | OwnField;
export type Fields = Readonly<Record<string, FieldDef>>;

/** The columns of `F` that are simple fields. */
export type SimpleKeys<F extends Fields> = {
  [K in keyof F]: F[K] extends SimpleField ? K : never;
}[keyof F] &
  string;
/** The columns of `F` each place reads with its own code. */
export type OwnKeys<F extends Fields> = Exclude<keyof F & string, SimpleKeys<F>>;

type Picked<D> = D extends { of: readonly (infer T)[] }
  ? D extends { fallback: null }
    ? T | null
    : T
  : string;

/** A simple field's value on the site and in the catalogue records (flags as booleans). */
export type ValueOf<D> = D extends { value: "pick" }
  ? Picked<D>
  : D extends { value: "flag" }
    ? boolean
    : D extends { value: "count" }
      ? number
      : D extends { value: "optional" | "name" | "media" | "zoned" }
        ? string | null
        : D extends { value: "clock" }
          ? D extends { fallback: string }
            ? string
            : string | null
          : D extends { value: "moment"; fallback: null }
            ? string | null
            : string;

/** The domain fields the definition shows: `{ [site]: value }`. */
export type SiteFields<F extends Fields> = {
  [K in SimpleKeys<F> as F[K] extends { site: infer S extends string } ? S : never]: ValueOf<F[K]>;
};

/** The simple fields as the catalogue records (scripts/content/types.ts) and content files hold them. */
export type ColumnFields<F extends Fields> = { [K in SimpleKeys<F>]: ValueOf<F[K]> };

/** The simple fields as a D1 row holds them: flags are 0/1. */
export type RowFields<F extends Fields> = {
  [K in SimpleKeys<F>]: F[K] extends { value: "flag" } ? number : ValueOf<F[K]>;
};

/** The Strapi attribute of a simple field (null: not kept there). */
export function strapiName(column: string, def: SimpleField): string | null {
  return def.strapi === false ? null : (def.strapi ?? column);
}

/** The simple fields of a definition, in its order: [column, definition]. */
export function simpleFields(fields: Fields): Array<[string, SimpleField]> {
  return Object.entries(fields).filter((e): e is [string, SimpleField] => e[1].value !== "own");
}

/** The simple fields the site shows: [column, definition with its site name]. */
export function siteFields(fields: Fields): Array<[string, SimpleField & { site: string }]> {
  return simpleFields(fields).filter((e): e is [string, SimpleField & { site: string }] => !!e[1].site);
}

/** Text that is blank reads as null (a name left empty shows the page's default). */
export const nonBlank = (s: string | null | undefined): string | null => (s?.trim() ? s : null);

/**
 * A value as the site shows it, from any source's raw value: the defaults each value kind has
 * when a source leaves it out (Strapi's nullish attributes, a search document's missing field).
 * Media are resolved by the caller (Strapi's are relative to the CMS).
 */
export function siteValue(def: SimpleField, raw: unknown): unknown {
  switch (def.value) {
    case "flag":
      return raw === true || raw === 1;
    case "name":
      return nonBlank(raw as string | null | undefined);
    case "optional":
    case "media":
    case "zoned":
      return raw ?? null;
    case "pick":
      return raw ?? def.fallback ?? null;
    case "preset":
    case "zone":
      return raw || def.fallback;
    case "moment":
      return raw ?? (def.fallback === null ? null : "");
    case "clock":
      return def.fallback ? raw || def.fallback : (raw ?? null);
    case "count":
      return raw ?? 0;
    default:
      return raw ?? "";
  }
}

/** Whether an item reaches visitors (docs/product.md section 3: only published ones do). */
export const PUB_STATUSES = ["draft", "published"] as const;

/** The publication status every catalogue kind has: the content files' and D1's; Strapi's own. */
export const PUB_STATUS = {
  value: "pick",
  of: PUB_STATUSES,
  fallback: "draft",
  strapi: false,
  message: "must be draft or published (missing: draft)",
} as const satisfies SimpleField;

/**
 * When a published item goes live (docs/product.md "Scheduled publishing"): every catalogue kind
 * has it. Until then the item is a draft to visitors; D1 keeps such a row as a draft with its due
 * time in `publish_due` (migrations/0018_publish_at.sql), Strapi as a draft with `publishAt`.
 */
export const PUBLISH_AT = { value: "zoned", strapi: "publishAt" } as const satisfies SimpleField;

/**
 * The instant of a zoned time ('2027-06-01T09:00:00+02:00'): milliseconds since the epoch, or
 * NaN for text that is not a real date and time with a zone (a 30 February, no zone, 25:00).
 */
export function zonedInstant(text: string): number {
  const m = ZONED.exec(text);
  if (!m) return Number.NaN;
  const [y, mo, d, h, mi, s, zh, zm] = [1, 2, 3, 4, 5, 6, 10, 11].map((i) => Number(m[i] ?? 0)) as number[];
  const wall = Date.UTC(y as number, (mo as number) - 1, d, h, mi, s, Number((m[7] ?? "0").padEnd(3, "0")));
  const back = new Date(wall);
  const real =
    back.getUTCFullYear() === y &&
    back.getUTCMonth() === (mo as number) - 1 &&
    back.getUTCDate() === d &&
    back.getUTCHours() === h &&
    back.getUTCMinutes() === mi &&
    (zh as number) <= 23 &&
    (zm as number) <= 59;
  if (!real) return Number.NaN;
  const offset = m[8] === "Z" ? 0 : (m[9] === "-" ? -1 : 1) * ((zh as number) * 60 + (zm as number));
  return wall - offset * 60_000;
}

const ZONED =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|([+-])(\d{2}):(\d{2}))$/;

/**
 * The simple fields Strapi keeps, for writing an item there (cms/src/seed/catalogue.js):
 * [column, attribute, whether it is media (an uploaded file's id)].
 */
export function strapiColumns(fields: Fields): Array<[string, string, boolean]> {
  return simpleFields(fields).flatMap(([column, def]) => {
    const name = strapiName(column, def);
    return name ? [[column, name, def.value === "media"] as [string, string, boolean]] : [];
  });
}
