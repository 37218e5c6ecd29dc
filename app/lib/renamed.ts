import { askedByFormerSlug } from "@core/content/renamed";
import { redirect } from "react-router";

/**
 * Throws the 301 to `path` (the item's address under its slug now), the query string kept, when
 * the address asked for the item by a slug it had before (docs/decisions/151-renamed-slugs-redirect.md);
 * a redirect like an artist's former slug (app/routes/artist.tsx).
 */
export function redirectIfRenamed(
  request: Request,
  asked: string,
  item: { slug: string; id: number | string },
  path: (slug: string) => string,
): void {
  if (askedByFormerSlug(asked, item)) throw redirect(`${path(item.slug)}${new URL(request.url).search}`, 301);
}
