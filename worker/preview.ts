import type { CatalogueReader } from "@core/content/catalogue";
import { openPreview, PREVIEW_PARAM, type Preview, type PreviewKind } from "@core/content/preview";
import type { ContentService } from "@core/content/service";
import { passThrough } from "./cache/content/pass-through";
import { routedPath } from "./cache/page-cache";
import { usableToken } from "./config";

/**
 * Preview links on the Worker's side (docs/decisions/154-signed-preview-links.md): which preview
 * a page request opens, and the content service that shows it.
 */

/** What a request's `preview` parameter does: nothing (none given), refused, or opened. */
export type PreviewRequest = { state: "none" } | { state: "refused" } | { state: "open"; preview: Preview };

/**
 * The preview a request opens. Its path as the router matches it (any letter case, a trailing
 * slash, React Router's `.data` of the same page) must be the one the link was signed for.
 * Without PREVIEW_SECRET, or with one too short to be one (docs/configuration.md), every preview
 * is refused. A request without the parameter costs a substring test.
 */
export async function previewOf(
  request: Request,
  secret: string | undefined,
  now = Date.now(),
): Promise<PreviewRequest> {
  if (!request.url.includes(`${PREVIEW_PARAM}=`)) return { state: "none" };
  const url = new URL(request.url);
  // The name written out: tests/repo/fuzz-table.test.ts finds each parameter the Worker reads.
  const token = url.searchParams.get("preview");
  if (token === null) return { state: "none" };
  const path = routedPath(url.pathname).replace(/\.data$/, "");
  const key = usableToken(secret);
  const preview = key ? await openPreview(key, path, token, now) : null;
  return preview ? { state: "open", preview } : { state: "refused" };
}

/** The detail read each kind's page makes. */
const GETTERS: Record<PreviewKind, "getPost" | "getMixtape" | "getRelease" | "getEvent" | "getArtist"> = {
  post: "getPost",
  mixtape: "getMixtape",
  release: "getRelease",
  event: "getEvent",
  artist: "getArtist",
};

/**
 * `content` with `preview` open: its item's detail read answers the item whatever its status
 * (getDraft, never cached), every other read is the service's own, so lists, feeds and search
 * leave the draft out as ever. The service says which preview it shows (`preview`).
 */
export function previewing(content: ContentService, preview: Preview): ContentService {
  const getter = GETTERS[preview.kind];
  let catalogue: CatalogueReader | undefined;
  const withDraft = () => {
    const own = content.catalogue;
    const read = own[getter] as (slug: string) => Promise<unknown>;
    const draftRead = (slug: string) =>
      slug.toLowerCase() === preview.slug ? own.getDraft(preview.kind, preview.slug) : read.call(own, slug);
    return passThrough(own, { [getter]: draftRead } as Partial<CatalogueReader>);
  };
  return passThrough(content, {
    get catalogue() {
      catalogue ??= withDraft();
      return catalogue;
    },
    preview,
  });
}
