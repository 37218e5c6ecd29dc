import type { PreviewKind } from "@core/content/preview";
import type { ContentService } from "@core/content/service";

/** What a page opened with a preview link tells its banner: until when the link opens it. */
export interface PagePreview {
  expires: number;
}

/**
 * The preview of a `kind` page, if this request's link opened one (worker/preview.ts,
 * docs/decisions/154-signed-preview-links.md): a loader returns it as `preview`, its meta makes
 * the page noindex, and the site's frame draws the banner.
 */
export function pagePreview(content: ContentService, kind: PreviewKind): PagePreview | null {
  return content.preview?.kind === kind ? { expires: content.preview.expires } : null;
}
