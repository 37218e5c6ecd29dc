/**
 * The front matter of each kind of content file (docs/decisions/033-content-files.md), checked
 * with valibot. Field names are the D1 columns of migrations/0001_catalogue.sql; join tables
 * become lists of slugs, child tables lists of objects. The slug is the file's name.
 */

import * as v from "valibot";
import { AGGREGATED_FIELDS } from "../../core/content/aggregated-post";
import { ARTIST_FIELDS } from "../../core/content/artist";
import { EVENT_FIELDS } from "../../core/content/event";
import {
  type ColumnFields,
  type Fields,
  type OwnKeys,
  type SimpleField,
  simpleFields,
} from "../../core/content/kind";
import { MIXTAPE_FIELDS } from "../../core/content/mixtape";
import { POST_FIELDS } from "../../core/content/post";
import { RELEASE_FIELDS } from "../../core/content/release";

const TEXT = "must be text (put numbers and dates meant as text in quotes)";
const text = v.string(TEXT);
const filled = v.pipe(
  text,
  v.check((s) => s.trim() !== "", "must not be empty"),
);
const optionalText = v.nullish(text, null);
const flag = v.optional(v.boolean("must be true or false"), false);
const id = v.nullish(
  v.pipe(
    v.number("must be a whole number above 0"),
    v.integer("must be a whole number above 0"),
    v.minValue(1, "must be a whole number above 0"),
  ),
  null,
);
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slug = v.pipe(text, v.regex(SLUG, "must be a slug: lower-case letters, digits and single hyphens"));
const slugs = v.optional(v.array(slug, "must be a list of slugs"), []);
const platform = v.nullish(
  v.picklist(["local", "youtube", "soundcloud", "spotify"], "must be local, youtube, soundcloud or spotify"),
  null,
);
const clock = v.pipe(
  text,
  v.regex(/^\d{1,3}:\d{2}(?::\d{2})?$/, "must be a duration like '4:05' or '1:02:30'"),
);

const count = v.pipe(v.number("must be a number"), v.integer("must be a whole number"));

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

const taxonRef = v.strictObject({ name: filled, slug }, "must be {name, slug}");

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
function frontSchema<F extends Fields, O extends Own<F>>(fields: F, own: O) {
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

export const genreSchema = v.strictObject({ id, name: filled }, "front matter must be a set of fields");

export const locationSchema = v.strictObject(
  {
    id,
    name: filled,
    type: v.optional(v.picklist(["city", "region", "country"], "must be city, region or country"), "city"),
  },
  "front matter must be a set of fields",
);

/** A link named by its platform: an artist's links, a release's purchase links. */
const platformLink = v.strictObject(
  {
    platform: filled,
    custom_platform_name: optionalText,
    url: v.pipe(filled, v.url("must be a URL")),
  },
  "must be {platform, url} (custom_platform_name for platform 'custom')",
);

/** An artist; the body is the bio. `former_slugs` answer with a redirect to the new one. */
export const artistSchema = frontSchema(ARTIST_FIELDS, {
  id,
  location: v.nullish(slug, null),
  genres: slugs,
  links: v.optional(v.array(platformLink, "must be a list of {platform, url}"), []),
  former_slugs: slugs,
});

export const postSchema = frontSchema(POST_FIELDS, {
  id,
  artists: slugs,
  genres: slugs,
  locations: slugs,
  tags: slugs,
});

export const aggregatedSchema = frontSchema(AGGREGATED_FIELDS, {
  id,
  artists: slugs,
  genres: v.optional(v.array(taxonRef, "must be a list of {name, slug}"), []),
  locations: v.optional(v.array(taxonRef, "must be a list of {name, slug}"), []),
});

const tracklistEntry = v.strictObject(
  {
    position: v.optional(v.pipe(v.number("must be a number"), v.integer("must be a whole number"))),
    artist: v.optional(text, ""),
    artists: slugs,
    title: filled,
    time: v.nullish(clock, null),
  },
  "must be {position, artist, artists, title, time}",
);

export const mixtapeSchema = frontSchema(MIXTAPE_FIELDS, {
  id,
  artists: slugs,
  genres: slugs,
  tracklist: v.optional(v.array(tracklistEntry, "must be a list of tracks"), []),
});

const releaseTrack = v.strictObject(
  {
    track_number: v.optional(count),
    title: filled,
    artist_name: optionalText,
    artists: slugs,
    duration: v.nullish(clock, null),
    audio_platform: platform,
    audio_url: optionalText,
    is_primary_track: flag,
    is_featured: flag,
  },
  "must be a track: {title, artist_name, duration, audio_url, …}",
);

export const releaseSchema = frontSchema(RELEASE_FIELDS, {
  id,
  artists: slugs,
  tracks: v.optional(v.array(releaseTrack, "must be a list of tracks"), []),
  purchase_links: v.optional(v.array(platformLink, "must be a list of {platform, url}"), []),
});

export const eventSchema = frontSchema(EVENT_FIELDS, {
  id,
  location: v.nullish(slug, null),
  lineup: v.optional(
    v.array(
      v.union(
        [filled, v.strictObject({ name: filled, artists: slugs })],
        "must be a name, or {name, artists} to link it to artists' pages",
      ),
      "must be a list of names",
    ),
    [],
  ),
});

/**
 * Each folder of a content directory and its front matter, in the order the folders are loaded
 * (scripts/content/parse.ts reads its KINDS and ParsedContent from here).
 */
export const FRONT_SCHEMAS = {
  genres: genreSchema,
  locations: locationSchema,
  artists: artistSchema,
  posts: postSchema,
  aggregated: aggregatedSchema,
  mixtapes: mixtapeSchema,
  releases: releaseSchema,
  events: eventSchema,
} as const;

export type GenreFront = v.InferOutput<typeof genreSchema>;
export type ArtistFront = v.InferOutput<typeof artistSchema>;
export type LocationFront = v.InferOutput<typeof locationSchema>;
export type PostFront = v.InferOutput<typeof postSchema>;
export type AggregatedFront = v.InferOutput<typeof aggregatedSchema>;
export type MixtapeFront = v.InferOutput<typeof mixtapeSchema>;
export type ReleaseFront = v.InferOutput<typeof releaseSchema>;
export type EventFront = v.InferOutput<typeof eventSchema>;

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

/** Event wall time with the zone's offset for a YAML date (an instant), else the text given. */
export function eventTime(value: string | Date, zone: string): string {
  if (typeof value === "string") return value;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(value)
      .map((p) => [p.type, p.value]),
  );
  const local = `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
  const offset = Math.round((Date.parse(`${local}Z`) - value.getTime()) / 60_000);
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${local}${offset < 0 ? "-" : "+"}${hh}:${mm}`;
}

export const EVENT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:Z|[+-]\d{2}:\d{2})$/;
