/**
 * What Strapi needs of the repository's TypeScript, bundled into
 * cms/src/search/documents.generated.js by `npx tsx scripts/search/build-cms-documents.ts`: a
 * published entry as the document `npm run search:sync` would write for it (the Strapi adapter's
 * answer shape and mapping, then the Meilisearch document), so both writers agree by
 * construction (docs/decisions/036); and the slugs the embedded store's upgrade gives names that
 * become artists, for Strapi's own upgrade (cms/src/seed/artists-from-names.js); and each
 * kind's simple fields as Strapi keeps them, for its seed (cms/src/seed/catalogue.js).
 */

import { AGGREGATED_FIELDS } from "@core/content/aggregated-post";
import { ARTIST_FIELDS } from "@core/content/artist";
import { EVENT_FIELDS } from "@core/content/event";
import { strapiColumns } from "@core/content/kind";
import { MIXTAPE_FIELDS } from "@core/content/mixtape";
import { POST_FIELDS } from "@core/content/post";
import { RELEASE_FIELDS } from "@core/content/release";
import { slugsForNames } from "@scripts/content/artist-slugs";
import { readAnswer } from "@worker/content/answer-shape";
import {
  artistToDocument,
  INDEX_SETTINGS,
  mixtapeToDocument,
  postToDocument,
} from "@worker/content/meilisearch/documents";
import { createCmsClient, populateObject } from "@worker/content/strapi/client";
import { toListedArtist, toMixtape, toPost } from "@worker/content/strapi/mappers";
import { POST_POPULATE as POST_POPULATE_LIST } from "@worker/content/strapi/posts";
import { listedArtistShape, mixtapeShape, postShape } from "@worker/content/strapi/shapes";

export { INDEX_SETTINGS, slugsForNames };

/**
 * Per kind of the catalogue's records (scripts/content/types.ts), its simple fields as Strapi
 * keeps them (core/content/kind.ts): [column, attribute, is media].
 */
export const SEED_FIELDS = {
  artists: strapiColumns(ARTIST_FIELDS),
  posts: strapiColumns(POST_FIELDS),
  aggregatedPosts: strapiColumns(AGGREGATED_FIELDS),
  mixtapes: strapiColumns(MIXTAPE_FIELDS),
  releases: strapiColumns(RELEASE_FIELDS),
  events: strapiColumns(EVENT_FIELDS),
};

/** What the updater populates, as the document service takes it: what the Worker's adapter asks. */
export const POST_POPULATE = populateObject(POST_POPULATE_LIST);
export const ARTIST_POPULATE = populateObject(["image"]);

/** The content types the updater follows, and the index each one's documents live in. */
export const INDEXED_TYPES = {
  "api::blog-post.blog-post": "blog-post",
  "api::mixtape.mixtape": "mixtape",
  "api::artist.artist": "artist",
} as const;

function checked<T>(shape: Parameters<typeof readAnswer<T>>[0], entry: unknown, what: string): T {
  const read = readAnswer(shape, entry);
  if (!read.ok) throw new Error(`This ${what} cannot be indexed: ${read.problem}`);
  return read.value;
}

/**
 * The search document of a published entry of `uid`; `cmsOrigin` is the origin the Worker's
 * CMS_URL has, which relative media URLs are resolved against.
 */
export function documentOf(uid: keyof typeof INDEXED_TYPES, entry: unknown, cmsOrigin: string): object {
  const media = createCmsClient(cmsOrigin).media;
  if (uid === "api::blog-post.blog-post")
    return postToDocument(toPost(checked(postShape, entry, "post"), media));
  // The index holds no counts: an artist's document is the same whatever links to it.
  if (uid === "api::artist.artist")
    return artistToDocument(toListedArtist(checked(listedArtistShape, entry, "artist"), media, 0));
  return mixtapeToDocument(toMixtape(checked(mixtapeShape, entry, "mixtape"), media));
}
