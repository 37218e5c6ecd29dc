/** A genre or location as a post names it. */
export interface Taxon {
  name: string;
  slug: string;
}

export interface Genre extends Taxon {
  id: number;
  postCount: number;
}

export interface Location extends Taxon {
  id: number;
  type: string;
  postCount: number;
}
