import type { Page } from "./page";
import type { StoredFile, UploadedFile } from "./upload";

export const SUBMISSION_STATUSES = ["pending", "reviewing", "accepted", "rejected"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/**
 * What the artist writes in the submission form (docs/product.md section 5), validated: the one
 * field list the form rules, the input of a store and a stored submission share.
 */
export interface SubmissionDetails {
  artistName: string;
  email: string;
  trackTitle: string;
  genre: string | null;
  city: string | null;
  /** Links to the music (one per line in the form). */
  links: string[];
  message: string | null;
  consent: boolean;
}

/** The artist submission form (docs/product.md), validated before it reaches a store. */
export interface SubmissionInput extends SubmissionDetails {
  audioFile: UploadedFile | null;
  artworkFile: UploadedFile | null;
  /**
   * The form fill's key (core/forms/submission-key.ts): a store that already holds a submission
   * with it returns that one and stores nothing new.
   */
  idempotencyKey?: string | null;
}

export interface Submission extends SubmissionDetails {
  /** Numeric id in D1, documentId in Strapi: what PUT /api/submissions/{id}/status takes. */
  id: string;
  /** The reference shown to the artist, e.g. 'CF-7K3Q-9XPA'. */
  reference: string;
  audioFile: StoredFile | null;
  artworkFile: StoredFile | null;
  status: SubmissionStatus;
  adminNotes: string | null;
  /** ISO 8601. */
  submissionDate: string;
}

export interface SubmissionFilter {
  page?: number;
  /** Default 25 (docs/product.md section 9). */
  pageSize?: number;
  status?: SubmissionStatus;
}

/** Artist submissions: the public form writes them, the admin API lists and reviews them. */
export interface SubmissionStore {
  createSubmission(input: SubmissionInput): Promise<Submission>;
  listSubmissions(filter?: SubmissionFilter): Promise<Page<Submission>>;
  /** One submission by its id (the review desk's detail); null when there is none. */
  getSubmission(id: string): Promise<Submission | null>;
  /** null when no submission has that id. */
  setSubmissionStatus(
    id: string,
    status: SubmissionStatus,
    adminNotes: string | null,
  ): Promise<Submission | null>;
}
