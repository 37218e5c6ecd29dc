import { PLACEHOLDER_COVER } from "@core/content/covers";

export { PLACEHOLDER_COVER };

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
