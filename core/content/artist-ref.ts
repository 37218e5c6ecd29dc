/**
 * An item's link to an artist with a page (docs/decisions/075-artists.md): the item keeps its
 * text name, and the part of it that is this artist's name links to /artists/{slug}.
 */
export interface ArtistRef {
  slug: string;
  name: string;
}
