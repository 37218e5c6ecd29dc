import type { CatalogueReader } from "@core/content/catalogue";
import type { ListFilter } from "@core/content/page";
import type { PostFilter } from "@core/content/post";
import type { ContentCache } from "./content-cache";
import { cacheKey } from "./keys";
import { passThrough } from "./pass-through";

/**
 * The catalogue behind the KV content cache (docs/architecture.md). Reads of published content
 * are cached per group; searches are not (docs/product.md section 9: the 5-minute cache is "not
 * used when searching", and visitors' free text would fill KV with one-off keys). Submissions
 * and the newsletter are writes or private and never pass here. Methods this wrapper does not
 * know pass through uncached, so a new port method is safe by default.
 */
export function cachedCatalogue(store: CatalogueReader, cache: ContentCache): CatalogueReader {
  const searching = (filter?: PostFilter | ListFilter) => Boolean(filter?.search?.trim());
  const reads: Partial<CatalogueReader> = {
    listPosts: (filter) =>
      searching(filter)
        ? store.listPosts(filter)
        : cache.cached("posts", cacheKey("posts", filter), () => store.listPosts(filter)),
    listCombinedPosts: (filter) =>
      searching(filter)
        ? store.listCombinedPosts(filter)
        : cache.cached("posts", cacheKey("combined", filter), () => store.listCombinedPosts(filter)),
    getPost: (slug) => cache.cached("posts", cacheKey("post", slug), () => store.getPost(slug)),
    // Post counts per genre and location change with posts, so they live in the posts group.
    listGenres: () => cache.cached("posts", "genres", () => store.listGenres()),
    listLocations: () => cache.cached("posts", "locations", () => store.listLocations()),
    listTags: () => cache.cached("posts", "tags", () => store.listTags()),
    listMixtapes: (filter) =>
      searching(filter)
        ? store.listMixtapes(filter)
        : cache.cached("mixtapes", cacheKey("mixtapes", filter), () => store.listMixtapes(filter)),
    getMixtape: (id) => cache.cached("mixtapes", cacheKey("mixtape", id), () => store.getMixtape(id)),
    listReleases: (filter) =>
      searching(filter)
        ? store.listReleases(filter)
        : cache.cached("releases", cacheKey("releases", filter), () => store.listReleases(filter)),
    getRelease: (id) => cache.cached("releases", cacheKey("release", id), () => store.getRelease(id)),
    // The upcoming/past split is made when the entry is loaded: at most one refresh period late.
    listEvents: (now, all) =>
      cache.cached("events", all ? "events:all" : "events", () => store.listEvents(now, all)),
    pageEvents: (filter) =>
      cache.cached("events", cacheKey("events-page", filter), () => store.pageEvents(filter)),
    getEvent: (id) => cache.cached("events", cacheKey("event", id), () => store.getEvent(id)),
    listArtists: (filter) =>
      cache.cached("artists", cacheKey("artists", filter), () => store.listArtists(filter)),
    getArtist: (slug) => cache.cached("artists", cacheKey("artist", slug), () => store.getArtist(slug)),
    // The upcoming/past split is made when the entry is loaded, as for listEvents.
    getArtistWork: (id, pages, now) =>
      cache.cached("artists", cacheKey("artist-work", { id, ...pages }), () =>
        store.getArtistWork(id, pages, now),
      ),
  };
  return passThrough(store, reads);
}
