import type { SubscribeResult, SubscriberInput } from "@core/content/newsletter";
import type { Page } from "@core/content/page";
import type {
  Submission,
  SubmissionFilter,
  SubmissionInput,
  SubmissionStatus,
} from "@core/content/submission";
import { TEXTS } from "@core/texts";
import { DEFAULT_SUBMISSION_PAGE_SIZE, paging, toPage } from "../paging";
import { type CmsClient, CmsError, paginate } from "./client";
import { toSubmission } from "./mappers";
import { listOf, oneOf, submissionShape, subscribedShape } from "./shapes";

/**
 * The multipart body of POST /submissions: every non-null field (docs/product.md section 5 leaves null
 * and undefined out) plus audioFile and artworkFile.
 */
export function submissionForm(input: SubmissionInput): FormData {
  const fields: Record<string, string | null | undefined> = {
    artist_name: input.artistName,
    email: input.email,
    track_title: input.trackTitle,
    genre: input.genre,
    city: input.city,
    links: input.links.length ? input.links.join("\n") : null,
    message: input.message,
    consent: String(input.consent),
    // The form fill's key: the CMS answers a retry with the submission it already stored.
    submissionKey: input.idempotencyKey,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== null && value !== undefined) form.append(name, value);
  }
  for (const [name, file] of [
    ["audioFile", input.audioFile],
    ["artworkFile", input.artworkFile],
  ] as const) {
    if (file) form.append(name, new File([file.bytes], file.name, { type: file.type }));
  }
  return form;
}

/**
 * POST /submissions with the API token: Strapi's public role cannot create (docs/decisions/035).
 * degrade.ts turns a failure into the server's message or the form text.
 */
export async function createSubmission(cms: CmsClient, input: SubmissionInput): Promise<Submission> {
  const res = await cms.send(
    "POST",
    "/submissions",
    submissionForm(input),
    false,
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

/**
 * POST {cms}/email-subscribers/subscribe with source 'website_footer' and the API token (the
 * public role cannot subscribe, docs/decisions/035). degrade.ts turns a failure into the
 * newsletter texts of docs/product.md section 8.
 */
export async function subscribe(cms: CmsClient, input: SubscriberInput): Promise<SubscribeResult> {
  await cms.send(
    "POST",
    "/email-subscribers/subscribe",
    JSON.stringify({
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      city: input.city,
      source: "website_footer",
    }),
    true,
    subscribedShape,
    true,
  );
  // The site's own answer whatever Strapi's says: a CMS answering "already subscribed" would tell
  // anyone whether an address is on the list (docs/security.md).
  return { message: TEXTS.subscribed };
}
