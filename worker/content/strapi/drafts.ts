import type { CatalogueReader, DraftItems } from "@core/content/catalogue";
import type { PreviewKind } from "@core/content/preview";
import { getArtist } from "./artists";
import { getEvent, getMixtape, getRelease } from "./catalog";
import type { CmsClient } from "./client";
import { getPost } from "./posts";

/** The detail reads a preview opens: each kind's own, through a client that reads drafts. */
const DRAFT_READS: { [K in PreviewKind]: (cms: CmsClient, slug: string) => Promise<DraftItems[K] | null> } = {
  post: getPost,
  mixtape: getMixtape,
  release: getRelease,
  event: getEvent,
  artist: getArtist,
};

/**
 * `getDraft` of the Strapi source (docs/decisions/154-signed-preview-links.md): the kind's own
 * detail read, every call of it asking for the draft version (`status=draft`) with the Worker's
 * API token, the one caller cms/src/published-only.js lets read drafts. A document's draft
 * version is what its editor last saved, published or not: the page it will be.
 */
export function strapiDrafts(cms: CmsClient): CatalogueReader["getDraft"] {
  const drafts: CmsClient = {
    ...cms,
    get: (path, params, shape) => cms.get(path, [...params, ["status", "draft"]], shape, true),
  };
  return (kind, slug) => DRAFT_READS[kind](drafts, slug) as Promise<DraftItems[typeof kind] | null>;
}
