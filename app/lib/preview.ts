import type { PreviewKind } from "@core/content/preview";
import type { ContentService } from "@core/content/service";
import { formatLongDate } from "./format";

const two = (n: number) => String(n).padStart(2, "0");

/**
 * The banner's words for a `kind` page that this request's preview link opened
 * (worker/preview.ts, docs/decisions/154-signed-preview-links.md), else null. A loader returns
 * it as `preview`, its meta makes the page noindex, and the site's frame draws the banner; made
 * here on the server, so the page's JavaScript carries no date formatting for it.
 */
export function pagePreview(content: ContentService, kind: PreviewKind): string | null {
  if (content.preview?.kind !== kind) return null;
  const date = new Date(content.preview.expires);
  const until = `${formatLongDate(date.toISOString())}, ${two(date.getUTCHours())}:${two(date.getUTCMinutes())} UTC`;
  return `Only people with this link can see this page, until ${until}.`;
}
