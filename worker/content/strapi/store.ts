import type { ContentStore } from "@core/content/types";
import { getEvent, getMixtape, getRelease, listEvents, listMixtapes, listReleases } from "./catalog";
import { createCmsClient, type FetchLike, type StrapiOptions } from "./client";
import { getPost, listCombinedPosts, listPosts } from "./posts";
import { createSubmission, listSubmissions, setSubmissionStatus, subscribe } from "./submissions";
import { listGenres, listLocations, listTags } from "./taxonomy";

/**
 * The Strapi 5 content source (docs/architecture.md): exactly the CMS calls of docs/product.md section 7,
 * with section 8's failure behaviour. `baseUrl` is the CMS origin or its `/api` base.
 */
export function createStrapiStore(
  baseUrl: string,
  fetch?: FetchLike,
  options: Omit<StrapiOptions, "fetch"> = {},
): ContentStore {
  const cms = createCmsClient(baseUrl, { ...options, fetch });
  return {
    kind: "strapi",
    listPosts: (filter) => listPosts(cms, filter),
    listCombinedPosts: (filter) => listCombinedPosts(cms, filter),
    getPost: (slug) => getPost(cms, slug),
    listGenres: () => listGenres(cms),
    listLocations: () => listLocations(cms),
    listTags: () => listTags(cms),
    listMixtapes: (filter) => listMixtapes(cms, filter),
    getMixtape: (slug) => getMixtape(cms, slug),
    listReleases: (filter) => listReleases(cms, filter),
    getRelease: (slug) => getRelease(cms, slug),
    listEvents: (now) => listEvents(cms, now),
    getEvent: (slug) => getEvent(cms, slug),
    createSubmission: (input) => createSubmission(cms, input),
    listSubmissions: (filter) => listSubmissions(cms, filter),
    setSubmissionStatus: (id, status, notes) => setSubmissionStatus(cms, id, status, notes),
    subscribe: (input) => subscribe(cms, input),
  };
}
