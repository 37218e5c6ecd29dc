/**
 * What Strapi needs of the repository's TypeScript, bundled into
 * cms/src/search/documents.generated.js by `npx tsx scripts/search/build-cms-documents.ts`: a
 * published entry as the document `npm run search:sync` would write for it (the Strapi adapter's
 * answer shape and mapping, then the Meilisearch document), so both writers agree by
 * construction (docs/decisions/036); and the slugs the embedded store's upgrade gives names that
 * become artists, for Strapi's own upgrade (cms/src/seed/artists-from-names.js); and each
 * kind's content type, simple fields as Strapi keeps them and own fields, for its seed
 * (cms/src/seed/catalogue.js).
 */

import { strapiColumns } from "@core/content/kind";
import { slugsForNames } from "@scripts/content/artist-slugs";
import type { SeedContext } from "@scripts/content/kinds/kind";
import { CONTENT_KINDS } from "@scripts/content/kinds/list";
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

/** One kind of the Strapi seed (cms/src/seed/catalogue.js), from its descriptor in scripts/content/kinds/. */
export interface SeedKind {
  /** The record list's name in cms/data/catalogue.json. */
  key: string;
  /** Its content type. */
  uid: string;
  /** Its simple fields as Strapi keeps them (core/content/kind.ts): [column, attribute, is media]. */
  fields: Array<[string, string, boolean]>;
  /** An entry's own fields (relations, components, bodies). */
  data(record: unknown, ctx: SeedContext): Promise<object> | object;
}

/** Every kind of the catalogue's records, in load order: a kind links only to kinds before it. */
export const SEED_KINDS: SeedKind[] = CONTENT_KINDS.map((kind) => ({
  key: kind.key,
  uid: kind.seed.uid,
  fields: "fields" in kind && kind.fields ? strapiColumns(kind.fields) : [],
  data: kind.seed.data as SeedKind["data"],
}));

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
 * CMS_URL has, which relative media URLs are resolved against, and `mediaBase` where uploads are
 * served when not from there (the bucket's S3_PUBLIC_URL, the Worker's CMS_MEDIA_URL), so a
 * photo's URL in a result is the one the site's pages give it.
 */
export function documentOf(
  uid: keyof typeof INDEXED_TYPES,
  entry: unknown,
  cmsOrigin: string,
  mediaBase?: string,
): object {
  const media = createCmsClient(cmsOrigin, { mediaBase }).media;
  if (uid === "api::blog-post.blog-post")
    return postToDocument(toPost(checked(postShape, entry, "post"), media));
  // The index holds no counts: an artist's document is the same whatever links to it.
  if (uid === "api::artist.artist")
    return artistToDocument(toListedArtist(checked(listedArtistShape, entry, "artist"), media, 0));
  return mixtapeToDocument(toMixtape(checked(mixtapeShape, entry, "mixtape"), media));
}
