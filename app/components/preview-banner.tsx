import { useMatches } from "react-router";

/**
 * The banner over a page opened with a preview link (docs/decisions/154-signed-preview-links.md):
 * drawn while the page's loader data holds its words (app/lib/preview.ts), gone on the next page.
 */
export function PreviewBanner() {
  const text = useMatches()
    .map((match) => (match.loaderData as { preview?: string | null } | undefined)?.preview)
    .find(Boolean);
  return text ? (
    <aside className="preview-banner" aria-label="Preview">
      <p className="container">
        <strong>Preview: not published</strong> {text}
      </p>
    </aside>
  ) : null;
}
