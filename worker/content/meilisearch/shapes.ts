/**
 * Meilisearch search answers as far as the adapter reads them (docs/decisions/026-answers-checked-at-the-edge.md):
 * the fields it asks for (attributesToRetrieve), the highlights, totals and facet counts.
 */
import { MIXTAPE_FIELDS } from "@core/content/mixtape";
import { POST_FIELDS } from "@core/content/post";
import * as v from "valibot";
import { hitEntries } from "./kind-documents";

const text = v.nullish(v.string());
const named = v.array(v.object({ name: v.string(), slug: v.string() }));
const AUDIO_PLATFORM = v.nullish(v.picklist(["local", "youtube", "soundcloud", "spotify"]));
const formatted = v.optional(v.record(v.string(), v.unknown()));

export const postHitShape = v.object({
  id: v.string(),
  numericId: v.number(),
  slug: v.string(),
  ...hitEntries(POST_FIELDS, ["post_date"]),
  postDateIso: v.string(),
  tags: v.nullish(v.array(v.string())),
  genres: v.nullish(named),
  locations: v.nullish(named),
  audio_platform: AUDIO_PLATFORM,
  primary_audio_url: text,
  track_title: text,
  _formatted: formatted,
});

export const mixtapeHitShape = v.object({
  id: v.string(),
  numericId: v.number(),
  slug: v.string(),
  ...hitEntries(MIXTAPE_FIELDS, ["release_date"]),
  releaseDateIso: v.string(),
  description: text,
  tracklist: v.nullish(
    v.array(v.object({ position: v.number(), artist: v.string(), title: v.string(), time: text })),
  ),
  track_count: v.nullish(v.number()),
  audio_platform: AUDIO_PLATFORM,
  audio_url: text,
  genres: v.nullish(named),
  _formatted: formatted,
});

export const artistHitShape = v.object({
  slug: v.string(),
  name: v.string(),
  kind: v.nullish(v.picklist(["person", "group"])),
  image: text,
  _formatted: formatted,
});

/** A suggestion, a taxon name or the health probe: only these fields are read. */
export const suggestionHitShape = v.object({ title: v.string(), artist_name: text, slug: v.string() });
export const taxonHitShape = v.object({ name: v.string(), slug: v.string() });
export const anyHitShape = v.unknown();

/** One search answer with its hits in `hit`'s shape. */
export function answerOf<T>(hit: v.GenericSchema<unknown, T>) {
  return v.object({
    hits: v.array(hit),
    processingTimeMs: v.number(),
    hitsPerPage: v.optional(v.number()),
    page: v.optional(v.number()),
    totalHits: v.optional(v.number()),
    facetDistribution: v.optional(v.record(v.string(), v.record(v.string(), v.number()))),
  });
}

export type SearchAnswer<T> = v.InferOutput<ReturnType<typeof answerOf<T>>>;
