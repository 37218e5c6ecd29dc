/**
 * The site's pages without a parameter, in the order the sitemap lists them; the pages with one
 * (posts, taxonomies, mixtapes, releases, events) come from the content.
 */
export const STATIC_PAGES = [
  "/",
  "/blog",
  "/mixtapes",
  "/releases",
  "/events",
  "/about",
  "/contact",
  "/submit",
  "/submit/form",
  "/privacy",
  "/terms",
  "/genres",
  "/locations",
  "/artists",
] as const;
