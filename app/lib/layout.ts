/** Home and search stand alone; every other page gets the header and footer (docs/product.md section 2). */
export function isBarePath(pathname: string): boolean {
  return pathname === "/" || pathname === "/search" || pathname === "/search/";
}

/** Embeds are framed by other sites: the card alone, without the site's frame (docs/decisions/031). */
export function isEmbedPath(pathname: string): boolean {
  return pathname.startsWith("/embed/");
}
