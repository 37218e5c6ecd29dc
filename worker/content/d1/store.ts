import type { ContentStore } from "../types";
import { getEvent, listEvents } from "./events";
import { getMixtape, listMixtapes } from "./mixtapes";
import { getPost, listCombinedPosts, listPosts } from "./posts";
import { getRelease, listReleases } from "./releases";
import { listGenres, listLocations, listTags } from "./taxonomy";

/** The embedded content source: the D1 database bound as DB (DESIGN.md section 4). */
export function createD1Store(db: D1Database): ContentStore {
  return {
    kind: "d1",
    listPosts: (filter) => listPosts(db, filter),
    listCombinedPosts: (filter) => listCombinedPosts(db, filter),
    getPost: (slug) => getPost(db, slug),
    listGenres: () => listGenres(db),
    listLocations: () => listLocations(db),
    listTags: () => listTags(db),
    listMixtapes: (filter) => listMixtapes(db, filter),
    getMixtape: (id) => getMixtape(db, id),
    listReleases: (filter) => listReleases(db, filter),
    getRelease: (id) => getRelease(db, id),
    listEvents: (now) => listEvents(db, now),
    getEvent: (id) => getEvent(db, id),
    // Submissions and the newsletter land with the forms work (issue 7).
    createSubmission: () => Promise.reject(new Error("Failed to create submission")),
    listSubmissions: () => Promise.reject(new Error("Failed to fetch submissions")),
    setSubmissionStatus: () => Promise.reject(new Error("Failed to update submission status")),
    subscribe: () => Promise.reject(new Error("Failed to subscribe")),
  };
}
