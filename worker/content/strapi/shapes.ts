/**
 * Strapi 5 REST answers (flat, with documentId) as far as the adapter reads them: the client
 * checks every answer against one of these (docs/decisions/026-answers-checked-at-the-edge.md),
 * so the mappers only ever see these types. Unknown fields are dropped; a field the adapter
 * reads with the wrong type fails the whole answer.
 */
import { AGGREGATED_FIELDS } from "@core/content/aggregated-post";
import { ARTIST_FIELDS } from "@core/content/artist";
import { EVENT_FIELDS } from "@core/content/event";
import { MIXTAPE_FIELDS } from "@core/content/mixtape";
import { POST_FIELDS } from "@core/content/post";
import { RELEASE_FIELDS } from "@core/content/release";
import { SUBMISSION_STATUSES } from "@core/content/submission";
import * as v from "valibot";
import { media, type StrapiMedia, strapiEntries } from "./kind-shapes";

const text = v.nullish(v.string());
const flag = v.nullish(v.boolean());
const AUDIO_PLATFORM = v.nullish(v.picklist(["local", "youtube", "soundcloud", "spotify"]));

/** A genre or location as listed (its own collection). */
const taxon = v.object({ id: v.number(), name: v.string(), slug: v.string(), type: text });
/** A genre or location as a relation of a post, mixtape or event: only its name and slug are read. */
const named = v.object({ name: v.string(), slug: v.string() });
/** An artist an item links to (its published version; an unpublished artist is left out). */
const artistRef = v.object({ id: v.optional(v.number()), slug: v.string(), name: v.string() });
const artistRefs = v.nullish(v.array(artistRef));
/** The artists of one tracklist or lineup entry (component artist.entry; entry from 1). */
const entryArtists = v.nullish(v.array(v.object({ entry: v.number(), artists: artistRefs })));
/** A link by platform: a release's purchase link or an artist's link (components of one shape). */
const platformLink = v.object({ platform: v.string(), custom_platform_name: text, url: v.string() });

/**
 * A rich-text (blocks) node as far as the document model reads it (./blocks.ts): a block's type
 * and children, a heading's level, a list's format, a link's url, an image's upload, a text's
 * marks. An unknown type passes, so the adapter can keep its text and say so.
 */
export interface StrapiBlock {
  type: string;
  text?: string | null;
  children?: StrapiBlock[] | null;
  level?: number | null;
  format?: string | null;
  url?: string | null;
  bold?: boolean | null;
  italic?: boolean | null;
  code?: boolean | null;
  image?: (StrapiMedia & { alternativeText?: string | null; caption?: string | null }) | null;
}
const block: v.GenericSchema<unknown, StrapiBlock> = v.object({
  type: v.string(),
  text,
  children: v.nullish(v.array(v.lazy(() => block))),
  level: v.nullish(v.number()),
  format: text,
  url: text,
  bold: flag,
  italic: flag,
  code: flag,
  image: v.nullish(v.object({ ...media.entries, alternativeText: text, caption: text })),
});

/**
 * A long text (core/content/document.ts): Strapi's blocks, or text from a field kept as text
 * (a database not yet migrated, cms/database/migrations/), read as paragraphs.
 */
const longText = v.nullish(v.union([v.array(block), v.string()]));

/**
 * Slugs an entry had before, oldest first (the `former_slugs` component, cms/src/former-slugs.js,
 * docs/decisions/151-renamed-slugs-redirect.md).
 */
const formerSlugs = v.nullish(v.array(v.object({ slug: v.string() })));

export const postShape = v.object({
  id: v.number(),
  slug: v.string(),
  ...strapiEntries(POST_FIELDS),
  content: longText,
  publishedAt: text,
  tags: v.nullish(v.array(v.object({ name: v.string() }))),
  genres: v.nullish(v.array(named)),
  locations: v.nullish(v.array(named)),
  artists: artistRefs,
  former_slugs: formerSlugs,
});

export const aggregatedPostShape = v.object({
  documentId: v.string(),
  ...strapiEntries(AGGREGATED_FIELDS),
  postDate: text,
  publishedAt: text,
  genres: v.nullish(v.array(named)),
  locations: v.nullish(v.array(named)),
  audio_file: v.nullish(media),
  artists: artistRefs,
});

export const mixtapeShape = v.object({
  id: v.number(),
  slug: v.string(),
  ...strapiEntries(MIXTAPE_FIELDS),
  description: longText,
  tracklist: v.optional(v.unknown()),
  genres: v.nullish(v.array(named)),
  artists: artistRefs,
  tracklist_artists: entryArtists,
  former_slugs: formerSlugs,
});

const track = v.object({
  track_number: v.number(),
  title: v.string(),
  artist_name: text,
  duration: text,
  audio_url: text,
  audio_platform: AUDIO_PLATFORM,
  is_primary_track: flag,
  is_featured: flag,
  artists: artistRefs,
});

export const releaseShape = v.object({
  id: v.number(),
  slug: v.string(),
  ...strapiEntries(RELEASE_FIELDS),
  description: longText,
  credits: longText,
  tracks: v.nullish(v.array(track)),
  purchase_links: v.nullish(v.array(platformLink)),
  artists: artistRefs,
  former_slugs: formerSlugs,
});

export const eventShape = v.object({
  id: v.number(),
  /** Strapi 5's document id: the same across publishes, unlike `id`. */
  documentId: v.optional(v.string()),
  slug: v.string(),
  ...strapiEntries(EVENT_FIELDS),
  location: v.nullish(named),
  lineup: v.optional(v.unknown()),
  description: longText,
  lineup_artists: entryArtists,
  /** cms/src/event-revisions.js: how many times its time, place or status changed. */
  sequence: v.nullish(v.number()),
  updatedAt: text,
});

/** An artist's page (docs/decisions/075-artists.md): the bio is blocks, as every long text. */
export const artistShape = v.object({
  id: v.number(),
  slug: v.string(),
  ...strapiEntries(ARTIST_FIELDS),
  bio: longText,
  location: v.nullish(named),
  genres: v.nullish(v.array(named)),
  links: v.nullish(v.array(platformLink)),
  former_slugs: formerSlugs,
});

/** An artist in the /artists directory and in search: no bio, links or relations. */
export const listedArtistShape = v.object({ slug: v.string(), ...strapiEntries(ARTIST_FIELDS) });

/** An item's artist links only, for counting the directory's items per artist. */
export const artistLinksShape = v.object({
  artists: artistRefs,
  tracks: v.nullish(v.array(v.object({ artists: artistRefs }))),
  tracklist_artists: entryArtists,
  lineup_artists: entryArtists,
});

/** A file the Worker stored in its own bucket (worker/content/submission-files.ts), as Strapi keeps it. */
const storedFile = v.object({
  name: v.string(),
  type: v.string(),
  size: v.number(),
  location: v.pipe(v.string(), v.startsWith("submissions/")),
});

export const submissionShape = v.object({
  documentId: v.string(),
  reference: text,
  artist_name: v.string(),
  email: v.string(),
  track_title: v.string(),
  genre: text,
  city: text,
  links: text,
  message: text,
  consent: flag,
  status: v.picklist(SUBMISSION_STATUSES),
  adminNotes: text,
  submissionDate: text,
  createdAt: text,
  // Submissions before docs/decisions/069: files in Strapi's media library.
  audioFile: v.nullish(media),
  artworkFile: v.nullish(media),
  audioStored: v.nullish(storedFile),
  artworkStored: v.nullish(storedFile),
});

export const taxonShape = taxon;
/** The tags of a post (GET /blog-posts with only tags populated). */
export const postTagsShape = v.object({ tags: postShape.entries.tags });
/**
 * The aggregates of published content the CMS answers in one request each (cms/src/aggregates.js,
 * docs/decisions/111-cms-aggregates.md): every genre and location with its published posts, the
 * tags of published posts, and the /artists directory's total, letters and a page's item counts.
 */
const countedTaxon = v.object({ ...taxon.entries, postCount: v.number() });
export const taxonomyCountsShape = v.object({
  data: v.object({ genres: v.array(countedTaxon), locations: v.array(countedTaxon) }),
});
export const tagNamesShape = v.object({ data: v.array(v.string()) });
export const artistDirectoryShape = v.object({
  data: v.array(v.object({ slug: v.string(), itemCount: v.number() })),
  meta: v.object({
    total: v.number(),
    letters: v.array(v.object({ letter: v.string(), first: v.number() })),
  }),
});
/** An artist as the sitemap lists it: the slug alone. */
export const artistSlugShape = v.object({ slug: v.string() });
/** A suggestion: title, artist and slug only. */
export const suggestionShape = v.object({ title: v.string(), artist_name: text, slug: v.string() });
/**
 * What the newsletter sign-up answers (cms/src/api/email-subscriber/): its message, and with
 * double opt-in the pending subscriber a confirmation mail is due for (docs/decisions/088).
 */
export const subscribedShape = v.nullable(
  v.object({
    message: v.nullish(v.string()),
    confirmation: v.nullish(v.object({ id: v.number(), email: v.string() })),
  }),
);
/** A subscriber as a confirmation link names it (GET /email-subscribers/state/:id). */
export const subscriberStateShape = v.object({
  data: v.object({ id: v.number(), email: v.string(), status: v.picklist(["pending", "confirmed"]) }),
});
/** A confirmed subscriber as the export lists it (GET /email-subscribers/confirmed, POST by-token). */
export const listedSubscriberShape = v.object({
  id: v.number(),
  email: v.string(),
  firstName: text,
  lastName: text,
  city: text,
  source: text,
  subscribedAt: v.string(),
  consentedAt: text,
  unsubscribeToken: v.string(),
  picks: v.nullish(
    v.object({ artists: v.nullish(v.array(v.string())), genres: v.nullish(v.array(v.string())) }),
  ),
});
/** How many confirmed subscribers there are; how many expired sign-ups were removed. */
export const subscriberCountShape = v.object({ count: v.number() });
export const expiredShape = v.object({ removed: v.number() });
/** The address an unsubscribe removed. */
export const unsubscribedShape = v.object({ data: v.object({ email: v.string() }) });
/** An acknowledgement whose body is not read. */
export const anyAnswerShape = v.unknown();

/** A page of a collection: the rows, and the pagination the adapter pages with. */
export function listOf<T>(row: v.GenericSchema<unknown, T>) {
  return v.object({
    data: v.array(row),
    meta: v.object({
      pagination: v.object({
        page: v.number(),
        pageSize: v.number(),
        pageCount: v.number(),
        total: v.number(),
      }),
    }),
  });
}

/** A window of a collection (`pagination[start]` and `[limit]`): the rows and the list's total. */
export function windowOf<T>(row: v.GenericSchema<unknown, T>) {
  return v.object({
    data: v.array(row),
    meta: v.object({ pagination: v.object({ total: v.number() }) }),
  });
}

/** A post or aggregated post read for its date alone (deep /blog pages find their place by it). */
export const datedShape = v.object({ postDate: text, published_date: text, publishedAt: text });

/** A lookup by slug: only the rows are read. */
export function rowsOf<T>(row: v.GenericSchema<unknown, T>) {
  return v.object({ data: v.array(row) });
}

/** One document (a create or an update). */
export function oneOf<T>(row: v.GenericSchema<unknown, T>) {
  return v.object({ data: row });
}

export type { StrapiMedia } from "./kind-shapes";
export type StrapiTaxon = v.InferOutput<typeof taxon>;
export type StrapiCountedTaxon = v.InferOutput<typeof countedTaxon>;
export type StrapiNamed = v.InferOutput<typeof named>;
export type StrapiPost = v.InferOutput<typeof postShape>;
export type StrapiAggregatedPost = v.InferOutput<typeof aggregatedPostShape>;
export type StrapiMixtape = v.InferOutput<typeof mixtapeShape>;
export type StrapiRelease = v.InferOutput<typeof releaseShape>;
export type StrapiEvent = v.InferOutput<typeof eventShape>;
export type StrapiArtist = v.InferOutput<typeof artistShape>;
export type StrapiListedArtist = v.InferOutput<typeof listedArtistShape>;
export type StrapiArtistRef = v.InferOutput<typeof artistRef>;
export type StrapiEntryArtists = v.InferOutput<typeof entryArtists>;
export type StrapiSubmission = v.InferOutput<typeof submissionShape>;
