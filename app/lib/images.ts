/** The stock cover shown when content has none (docs/product.md section 3, display defaults). */
export const PLACEHOLDER_COVER = "/media/covers/placeholder.svg";

export function coverOrPlaceholder(url: string | null | undefined): string {
  return url?.trim() ? url : PLACEHOLDER_COVER;
}

/** Makes a site-relative URL absolute for Open Graph and JSON-LD. */
export function absoluteUrl(siteUrl: string, path: string): string {
  try {
    return new URL(path, `${siteUrl}/`).toString();
  } catch {
    return siteUrl;
  }
}
