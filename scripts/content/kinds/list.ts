/**
 * Every kind of the content folder, in load order (docs/decisions/137): a kind refers only to
 * kinds before it, and is pruned after them. A new kind is its file beside this one and its line
 * here.
 */
import { aggregated } from "./aggregated";
import { artists } from "./artists";
import { events } from "./events";
import { genres } from "./genres";
import type { RecordOf } from "./kind";
import { locations } from "./locations";
import { mixtapes } from "./mixtapes";
import { posts } from "./posts";
import { releases } from "./releases";

export const CONTENT_KINDS = [
  genres,
  locations,
  artists,
  posts,
  aggregated,
  mixtapes,
  releases,
  events,
] as const;

export type ContentKindOf = (typeof CONTENT_KINDS)[number];

/** The catalogue: each kind's records under its `key`. */
export type CatalogueOf = { [K in ContentKindOf as K["key"]]: RecordOf<K>[] };
