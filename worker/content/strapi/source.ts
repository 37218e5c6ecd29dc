import { listedReads, type OwnReads } from "../listed-reads";
import type { ContentSource } from "../source";
import { getArtist, getArtistWork, listArtists } from "./artists";
import {
  getEvent,
  getMixtape,
  getRelease,
  listEvents,
  listMixtapes,
  listReleases,
  pageEvents,
} from "./catalog";
import { type CmsClient, createCmsClient, type FetchLike, type StrapiOptions } from "./client";
import { strapiCoreReads } from "./core-reads";
import { strapiDrafts } from "./drafts";
import { strapiNewsletterAdmin, strapiOptIn, subscribe } from "./newsletter";
import { getPost, listCombinedPosts, listPosts } from "./posts";
import { createSubmission, getSubmission, listSubmissions, setSubmissionStatus } from "./submissions";
import { listGenres, listLocations, listTags } from "./taxonomy";

/**
 * The listed kinds read with more than their core reads (./core-reads.ts): tracklists, tracks and
 * purchase links, artist refs, a search by artist.
 */
const OWN_READS: OwnReads<CmsClient> = {
  Mixtape: { list: listMixtapes, get: getMixtape },
  Release: { list: listReleases, get: getRelease },
};

/**
 * The Strapi 5 content source (docs/architecture.md): exactly the CMS calls of docs/product.md
 * section 7. A remote service may be down, so its failures degrade (docs/product.md section 8,
 * applied by degrade.ts). `baseUrl` is the CMS origin or its `/api` base.
 */
export function createStrapiSource(
  baseUrl: string,
  fetch?: FetchLike,
  options: Omit<StrapiOptions, "fetch"> = {},
): ContentSource {
  const cms = createCmsClient(baseUrl, { ...options, fetch });
  return {
    kind: "strapi",
    onFailure: "degrade",
    catalogue: {
      listPosts: (filter) => listPosts(cms, filter),
      listCombinedPosts: (filter) => listCombinedPosts(cms, filter),
      getPost: (slug) => getPost(cms, slug),
      listGenres: () => listGenres(cms),
      listLocations: () => listLocations(cms),
      listTags: () => listTags(cms),
      ...listedReads(cms, OWN_READS, strapiCoreReads),
      listEvents: (now, all) => listEvents(cms, now, all),
      pageEvents: (filter) => pageEvents(cms, filter),
      getEvent: (slug) => getEvent(cms, slug),
      listArtists: (filter) => listArtists(cms, filter),
      getArtist: (slug) => getArtist(cms, slug),
      getArtistWork: (id, pages, now) => getArtistWork(cms, id, pages, now),
      getDraft: strapiDrafts(cms),
    },
    submissions: {
      createSubmission: (input) => createSubmission(cms, input),
      listSubmissions: (filter) => listSubmissions(cms, filter),
      getSubmission: (id) => getSubmission(cms, id),
      setSubmissionStatus: (id, status, notes) => setSubmissionStatus(cms, id, status, notes),
    },
    newsletter: {
      subscribe: (input) => subscribe(cms, input),
      admin: strapiNewsletterAdmin(cms),
      optIn: strapiOptIn(cms),
    },
  };
}
