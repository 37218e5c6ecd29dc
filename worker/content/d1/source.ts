import { listedReads, type OwnReads } from "../listed-reads";
import type { ContentSource } from "../source";
import { getArtist, getArtistWork, listArtists } from "./artists";
import { d1CoreReads } from "./core-reads";
import { d1Drafts } from "./drafts";
import { getEvent, listEvents, pageEvents } from "./events";
import { mixtapes } from "./mixtapes";
import { d1OptIn, newsletterAdmin, subscribe } from "./newsletter";
import { DEFAULT_ORPHAN_GRACE_MS, sweepOrphanedUploads } from "./orphan-uploads";
import { getPost, listCombinedPosts, listPosts } from "./posts";
import { releases } from "./releases";
import { createSubmission, getSubmission, listSubmissions, setSubmissionStatus } from "./submissions";
import { listGenres, listLocations, listTags } from "./taxonomy";

/**
 * The listed kinds read with more than their core reads (./core-reads.ts): tracklists, extras
 * joins, artist refs, a search by artist.
 */
const OWN_READS: OwnReads<D1Database> = { Mixtape: mixtapes, Release: releases };

/**
 * The embedded content source: the D1 database bound as DB (docs/architecture.md), with the
 * files of artist submissions in the R2 bucket bound as UPLOADS. A binding in the same data
 * centre: its failures reach the page error instead of degrading (docs/decisions/018).
 */
export function createD1Source(
  db: D1Database,
  uploads: R2Bucket,
  { orphanGraceMs = DEFAULT_ORPHAN_GRACE_MS } = {},
): ContentSource {
  return {
    kind: "d1",
    onFailure: "propagate",
    catalogue: {
      listPosts: (filter) => listPosts(db, filter),
      listCombinedPosts: (filter) => listCombinedPosts(db, filter),
      getPost: (slug) => getPost(db, slug),
      listGenres: () => listGenres(db),
      listLocations: () => listLocations(db),
      listTags: () => listTags(db),
      ...listedReads(db, OWN_READS, d1CoreReads),
      listEvents: (now, all) => listEvents(db, now, all),
      pageEvents: (filter) => pageEvents(db, filter),
      getEvent: (id) => getEvent(db, id),
      listArtists: (filter) => listArtists(db, filter),
      getArtist: (slug) => getArtist(db, slug),
      getArtistWork: (id, pages, now) => getArtistWork(db, id, pages, now),
      getDraft: d1Drafts(db),
    },
    submissions: {
      createSubmission: (input) => createSubmission(db, input),
      // The admin reads the list: files a stopped Worker left without their row go first.
      listSubmissions: async (filter) => {
        await sweepOrphanedUploads(db, uploads, orphanGraceMs).catch((error) =>
          console.error("sweeping orphaned uploads failed", error),
        );
        return listSubmissions(db, filter);
      },
      getSubmission: (id) => getSubmission(db, id),
      setSubmissionStatus: (id, status, notes) => setSubmissionStatus(db, id, status, notes),
    },
    newsletter: {
      subscribe: (input) => subscribe(db, input),
      admin: newsletterAdmin(db),
      optIn: d1OptIn(db),
    },
  };
}
