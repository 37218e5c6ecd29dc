import { useMatches } from "react-router";
import { formatLongDate } from "../lib/format";
import type { PagePreview } from "../lib/preview";

const two = (n: number) => String(n).padStart(2, "0");

/** "December 5, 2026, 18:04 UTC": the same on server and client (no Intl). */
function until(expires: number): string {
  const date = new Date(expires);
  return `${formatLongDate(date.toISOString())}, ${two(date.getUTCHours())}:${two(date.getUTCMinutes())} UTC`;
}

/**
 * The banner over a page opened with a preview link (docs/decisions/154-signed-preview-links.md):
 * drawn while the page's loader data says so, and gone on the next page.
 */
export function PreviewBanner() {
  const preview = useMatches()
    .map((match) => (match.loaderData as { preview?: PagePreview | null } | undefined)?.preview)
    .find(Boolean);
  if (!preview) return null;
  return (
    <aside className="preview-banner" aria-label="Preview">
      <p className="container">
        <strong>Preview: not published</strong> Only people with this link can see this page, until{" "}
        {until(preview.expires)}.
      </p>
    </aside>
  );
}
