import type { SearchQuery } from "@core/search/query";

export interface Clause {
  sql: string;
  params: unknown[];
}

type FacetKind = "genres" | "locations" | "featured";

/**
 * The WHERE clauses of a search's filters: OR within one list, AND across lists, an empty list
 * no filter (docs/product.md section 5). `except` leaves one filter out, so a facet's counts show what
 * choosing another value of the same facet would add (disjunctive facets).
 */
export function filterClauses(target: "post" | "mixtape", query: SearchQuery, except?: FacetKind): Clause[] {
  const alias = target === "post" ? "p" : "m";
  const out: Clause[] = [{ sql: `${alias}.pub_status = 'published'`, params: [] }];
  const genres = query.genres ?? [];
  if (genres.length && except !== "genres") {
    const link =
      target === "post"
        ? "post_genres x JOIN genres g ON g.id = x.genre_id WHERE x.post_id = p.id"
        : "mixtape_genres x JOIN genres g ON g.id = x.genre_id WHERE x.mixtape_id = m.id";
    out.push({
      sql: `EXISTS (SELECT 1 FROM ${link} AND g.slug IN (${genres.map(() => "?").join(",")}))`,
      params: genres,
    });
  }
  const locations = query.locations ?? [];
  if (target === "post" && locations.length && except !== "locations") {
    out.push({
      sql: `EXISTS (SELECT 1 FROM post_locations x JOIN locations l ON l.id = x.location_id
        WHERE x.post_id = p.id AND l.slug IN (${locations.map(() => "?").join(",")}))`,
      params: locations,
    });
  }
  if (query.isFeatured !== undefined && except !== "featured") {
    out.push({ sql: `${alias}.is_featured = ?`, params: [query.isFeatured ? 1 : 0] });
  }
  return out;
}

export function joinClauses(clauses: Clause[]): Clause {
  return {
    sql: clauses.map((c) => c.sql).join(" AND "),
    params: clauses.flatMap((c) => c.params),
  };
}
