/**
 * The pieces of the content files' front matter (docs/decisions/033-content-files.md), checked
 * with valibot; each kind's own schema is in its file in scripts/content/kinds/. Field names are
 * the D1 columns of migrations/0001_catalogue.sql; join tables become lists of slugs, child
 * tables lists of objects. The slug is the file's name.
 */

import * as v from "valibot";
import { bodyToDocument } from "../../core/content/document-markdown";
import {
  type ColumnFields,
  type Fields,
  type OwnKeys,
  type SimpleField,
  simpleFields,
  zonedInstant,
} from "../../core/content/kind";

const TEXT = "must be text (put numbers and dates meant as text in quotes)";
export const text = v.string(TEXT);
export const filled = v.pipe(
  text,
  v.check((s) => s.trim() !== "", "must not be empty"),
);
export const optionalText = v.nullish(text, null);
export const flag = v.optional(v.boolean("must be true or false"), false);
export const id = v.nullish(
  v.pipe(
    v.number("must be a whole number above 0"),
    v.integer("must be a whole number above 0"),
    v.minValue(1, "must be a whole number above 0"),
  ),
  null,
);
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slug = v.pipe(
  text,
  v.regex(SLUG, "must be a slug: lower-case letters, digits and single hyphens"),
);
export const slugs = v.optional(v.array(slug, "must be a list of slugs"), []);
export const platform = v.nullish(
  v.picklist(["local", "youtube", "soundcloud", "spotify"], "must be local, youtube, soundcloud or spotify"),
  null,
);
export const clock = v.pipe(
  text,
  v.regex(/^\d{1,3}:\d{2}(?::\d{2})?$/, "must be a duration like '4:05' or '1:02:30'"),
);

export const count = v.pipe(v.number("must be a number"), v.integer("must be a whole number"));

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?(?:Z|[+-]\d{2}:\d{2})$/;
/**
 * A point in time. YAML reads an unquoted timestamp as a date, so a date object is accepted and
 * written as UTC with milliseconds, the form the demo catalogue stores.
 */
const instant = v.pipe(
  v.union([text, v.date()], "must be a date and time like '2026-03-01T18:00:00.000Z'"),
  v.transform((value) => (value instanceof Date ? value.toISOString() : value)),
  v.regex(INSTANT, "must be a date and time like '2026-03-01T18:00:00.000Z'"),
  v.check((s) => !Number.isNaN(Date.parse(s)), "is not a real date and time"),
);
const day = v.pipe(
  v.union([text, v.date()], "must be a date like '2026-03-01'"),
  v.transform((value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value)),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date like '2026-03-01'"),
  v.check((s) => !Number.isNaN(Date.parse(s)), "is not a real date"),
);
/** Event times keep the venue's offset; a YAML date (UTC) is turned into one from `timezone`. */
const localTime = v.union(
  [text, v.date()],
  "must be a date and time with offset like '2026-12-05T23:00:00+01:00'",
);
const zone = v.pipe(
  filled,
  v.check((name) => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: name });
      return true;
    } catch {
      return false;
    }
  }, "must be an IANA time zone like 'Europe/Berlin'"),
);

/**
 * A long text kept in the front matter (a release's credits): Markdown, read into a document
 * like a body (./document-markdown.ts), its problems told with the field's line. An image is
 * refused: only a body's figures travel with the file's media.
 */
export const markdownField = v.pipe(
  v.optional(text, ""),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const { document, problems } = bodyToDocument(dataset.value);
    for (const p of problems) addIssue({ message: `line ${p.line}: ${p.message}` });
    if (document.some((b) => b.type === "image"))
      addIssue({ message: "an image is not allowed here: put it in the body" });
    return problems.length ? NEVER : document;
  }),
);

const ZONED_TEXT =
  "must be a date and time with its zone, in quotes, like '2027-06-01T09:00:00+02:00' or '2027-06-01T07:00:00Z'";
/**
 * When a published item goes live. Only quoted text is taken: YAML reads an unquoted time as a
 * date, and one without a zone as UTC, so the zone the operator meant (or left out) is gone.
 */
const zoned = v.nullish(
  v.pipe(
    v.string(`${ZONED_TEXT} (unquoted, YAML reads it as a date and drops its zone)`),
    v.check((s) => /(?:Z|[+-]\d{2}:\d{2})$/.test(s), `${ZONED_TEXT}: it has no zone`),
    v.check((s) => !Number.isNaN(zonedInstant(s)), `${ZONED_TEXT}: it is not a real date and time`),
  ),
  null,
);

export const taxonRef = v.strictObject({ name: filled, slug }, "must be {name, slug}");

/** "must be a, b or c": the message for a value outside a picklist. */
const oneOf = (values: readonly string[]) =>
  `must be ${values.length > 1 ? `${values.slice(0, -1).join(", ")} or ${values.at(-1)}` : values[0]}`;

/** The front matter schema of one simple field (core/content/kind.ts). */
function frontField(def: SimpleField): v.GenericSchema {
  switch (def.value) {
    case "filled":
      return filled;
    case "text":
      return v.optional(text, "");
    case "given":
      return filled;
    case "link":
      return v.pipe(filled, v.url("must be a URL like 'https://example.com/story'"));
    case "preset":
      return v.optional(filled, def.fallback as string);
    case "moment":
      return def.fallback === null ? v.nullish(localTime, null) : localTime;
    case "zone":
      return zone;
    case "zoned":
      return zoned;
    case "flag":
      return flag;
    case "instant":
      return instant;
    case "day":
      return day;
    case "clock":
      return def.fallback ? v.optional(clock, def.fallback) : v.nullish(clock, null);
    case "count":
      return v.optional(count);
    case "pick": {
      const pick = v.picklist(def.of ?? [], def.message ?? oneOf(def.of ?? []));
      return def.fallback === null ? v.nullish(pick, null) : v.optional(pick, def.fallback as string);
    }
    default:
      return optionalText;
  }
}

type Own<F extends Fields> = { [K in OwnKeys<F>]: v.GenericSchema };
type FrontOf<F extends Fields, O extends Own<F>> = ColumnFields<F> & {
  [K in keyof O]: v.InferOutput<O[K]>;
};

/**
 * A kind's front matter: its definition's simple fields derived, `own` the schemas of the fields
 * it marks own (a missing one fails typecheck), all in the definition's order.
 */
export function frontSchema<F extends Fields, O extends Own<F>>(fields: F, own: O) {
  const entries: Record<string, v.GenericSchema> = {};
  const simple = new Map(simpleFields(fields));
  for (const key of Object.keys(fields)) {
    const def = simple.get(key);
    entries[key] = def ? frontField(def) : ((own as Record<string, v.GenericSchema>)[key] as v.GenericSchema);
  }
  return v.strictObject(entries, "front matter must be a set of fields") as unknown as v.StrictObjectSchema<
    Record<string, v.GenericSchema>,
    undefined
  > &
    v.GenericSchema<unknown, FrontOf<F, O>>;
}

/** A link named by its platform: an artist's links, a release's purchase links. */
export const platformLink = v.strictObject(
  {
    platform: filled,
    custom_platform_name: optionalText,
    url: v.pipe(filled, v.url("must be a URL")),
  },
  "must be {platform, url} (custom_platform_name for platform 'custom')",
);

/** A problem with one field of one file: what `npm run content -- import` prints. */
export interface ContentProblem {
  file: string;
  field: string;
  message: string;
}

/** valibot issues as problems naming the field by its path in the front matter. */
export function issuesToProblems(
  file: string,
  issues: readonly v.BaseIssue<unknown>[],
  fields: readonly string[],
): ContentProblem[] {
  return issues.map((issue) => {
    const field = v.getDotPath(issue) ?? "(front matter)";
    const unknownKey = issue.type === "strict_object" && issue.path?.length && issue.expected === "never";
    const message = unknownKey
      ? `is not a field here (known fields: ${fields.join(", ")})`
      : issue.received === "undefined" && issue.kind === "schema"
        ? `is required (${issue.message})`
        : issue.message;
    return { file, field, message };
  });
}
