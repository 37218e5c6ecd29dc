import type { Page } from "@core/content/page";
import type {
  Submission,
  SubmissionFilter,
  SubmissionInput,
  SubmissionStatus,
} from "@core/content/submission";
import { DEFAULT_SUBMISSION_PAGE_SIZE, paging, toPage } from "../paging";
import { type CmsClient, CmsError, paginate } from "./client";
import { toSubmission } from "./mappers";
import { listOf, oneOf, submissionShape } from "./shapes";

/**
 * The JSON body of POST /submissions: every non-null field (docs/product.md section 5 leaves null
 * and undefined out), the reference the files were kept under, the files as kept in the Worker's
 * private bucket (docs/decisions/069-submission-files.md) and the form fill's key.
 */
export function submissionBody(input: SubmissionInput): string {
  const fields: Record<string, unknown> = {
    artist_name: input.artistName,
    email: input.email,
    track_title: input.trackTitle,
    genre: input.genre,
    city: input.city,
    links: input.links.length ? input.links.join("\n") : null,
    message: input.message,
    consent: input.consent,
    reference: input.reference,
    audioStored: input.audioFile,
    artworkStored: input.artworkFile,
    // The CMS answers a retry of the same form fill with the submission it already stored.
    submissionKey: input.idempotencyKey,
  };
  const data = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null && v !== undefined));
  return JSON.stringify({ data });
}

/**
 * POST /submissions with the API token: Strapi's public role cannot create (docs/decisions/035).
 * The files are already in the Worker's bucket; Strapi only records where. degrade.ts turns a
 * failure into the server's message or the form text.
 */
export async function createSubmission(cms: CmsClient, input: SubmissionInput): Promise<Submission> {
  const res = await cms.send(
    "POST",
    "/submissions",
    submissionBody(input),
    true,
    oneOf(submissionShape),
    true,
  );
  return toSubmission(res.data, cms.media);
}

/** GET /submissions: populate *, newest first, optional status. */
export async function listSubmissions(
  cms: CmsClient,
  filter: SubmissionFilter = {},
): Promise<Page<Submission>> {
  const { page, pageSize } = paging(filter.page, filter.pageSize, DEFAULT_SUBMISSION_PAGE_SIZE);
  const res = await cms.get(
    "/submissions",
    [
      ["populate", "*"],
      ...paginate(page, pageSize),
      ["sort", "submissionDate:desc"],
      ...(filter.status ? [["filters[status][$eq]", filter.status] as const] : []),
    ],
    listOf(submissionShape),
    true,
  );
  return toPage(
    res.data.map((s) => toSubmission(s, cms.media)),
    page,
    pageSize,
    res.meta.pagination.total,
  );
}

/**
 * One submission by its documentId, through the same list call (GET /submissions with a
 * documentId filter), so the CMS token needs no permission beyond the listing's.
 */
export async function getSubmission(cms: CmsClient, id: string): Promise<Submission | null> {
  const res = await cms.get(
    "/submissions",
    [["populate", "*"], ["filters[documentId][$eq]", id], ...paginate(1, 1)],
    listOf(submissionShape),
    true,
  );
  const found = res.data[0];
  return found ? toSubmission(found, cms.media) : null;
}

/**
 * PUT /submissions/{id}/status with { status, adminNotes }. null when the CMS has no such
 * submission; other failures throw (degrade.ts gives them their text).
 */
export async function setSubmissionStatus(
  cms: CmsClient,
  id: string,
  status: SubmissionStatus,
  adminNotes: string | null,
): Promise<Submission | null> {
  try {
    const res = await cms.send(
      "PUT",
      `/submissions/${encodeURIComponent(id)}/status`,
      JSON.stringify({ status, adminNotes }),
      true,
      oneOf(submissionShape),
      true,
    );
    return toSubmission(res.data, cms.media);
  } catch (error) {
    if (error instanceof CmsError && error.status === 404) return null;
    throw error;
  }
}
