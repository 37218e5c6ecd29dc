/**
 * What Strapi's search updater (cms/src/search/) needs of the Worker's code, bundled into
 * cms/src/search/documents.generated.js by `npx tsx scripts/search/build-cms-documents.ts`: a
 * published entry as the document `npm run search:sync` would write for it (the Strapi adapter's
 * answer shape and mapping, then the Meilisearch document), so both writers agree by
 * construction (docs/decisions/036).
 */

import { readAnswer } from "@worker/content/answer-shape";
import { INDEX_SETTINGS, mixtapeToDocument, postToDocument } from "@worker/content/meilisearch/documents";
import { createCmsClient } from "@worker/content/strapi/client";
import { toMixtape, toPost } from "@worker/content/strapi/mappers";
import { POST_POPULATE } from "@worker/content/strapi/posts";
import { mixtapeShape, postShape } from "@worker/content/strapi/shapes";

export { INDEX_SETTINGS, POST_POPULATE };

/** The content types the updater follows, and the index each one's documents live in. */
export const INDEXED_TYPES = {
  "api::blog-post.blog-post": "blog-post",
  "api::mixtape.mixtape": "mixtape",
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
  return mixtapeToDocument(toMixtape(checked(mixtapeShape, entry, "mixtape"), media));
}
