import type {
  Page,
  Submission,
  SubmissionFilter,
  SubmissionInput,
  SubmissionStatus,
  SubscribeResult,
  SubscriberInput,
} from "@core/content/types";
import { type CmsClient, CmsError, paginate, type StrapiList, serverMessageOf } from "./client";
import { toSubmission } from "./mappers";
import { emptyPage, logFailure, paging, toPage } from "./paging";
import type { StrapiSubmission } from "./shapes";

const DEFAULT_SUBMISSION_PAGE_SIZE = 25;

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

/** POST /submissions; throws the server's message, else 'Failed to create submission'. */
export async function createSubmission(cms: CmsClient, input: SubmissionInput): Promise<Submission> {
  try {
    const res = await cms.send<{ data: StrapiSubmission }>(
      "POST",
      "/submissions",
      submissionForm(input),
      false,
    );
    return toSubmission(res.data, cms.media);
  } catch (error) {
    logFailure("Failed to create submission", error);
    throw new Error(serverMessageOf(error) ?? "Failed to create submission", { cause: error });
  }
}

/** GET /submissions: populate *, newest first, optional status; a failure is an empty page. */
export async function listSubmissions(
  cms: CmsClient,
  filter: SubmissionFilter = {},
): Promise<Page<Submission>> {
  const { page, pageSize } = paging(filter.page, filter.pageSize, DEFAULT_SUBMISSION_PAGE_SIZE);
  try {
    const res = await cms.get<StrapiList<StrapiSubmission>>(
      "/submissions",
      [
        ["populate", "*"],
        ...paginate(page, pageSize),
        ["sort", "submissionDate:desc"],
        ...(filter.status ? [["filters[status][$eq]", filter.status] as const] : []),
      ],
      true,
    );
    return toPage(
      res.data.map((s) => toSubmission(s, cms.media)),
      page,
      pageSize,
      res.meta.pagination.total,
    );
  } catch (error) {
    logFailure("Failed to fetch submissions", error);
    return emptyPage(pageSize);
  }
}

/**
 * PUT /submissions/{id}/status with { status, adminNotes }. null when the CMS has no such
 * submission; other failures throw the server's message, else 'Failed to update submission status'.
 */
export async function setSubmissionStatus(
  cms: CmsClient,
  id: string,
  status: SubmissionStatus,
  adminNotes: string | null,
): Promise<Submission | null> {
  try {
    const res = await cms.send<{ data: StrapiSubmission }>(
      "PUT",
      `/submissions/${encodeURIComponent(id)}/status`,
      JSON.stringify({ status, adminNotes }),
      true,
      true,
    );
    return toSubmission(res.data, cms.media);
  } catch (error) {
    if (error instanceof CmsError && error.status === 404) return null;
    logFailure("Failed to update submission status", error);
    throw new Error(serverMessageOf(error) ?? "Failed to update submission status", { cause: error });
  }
}

/**
 * POST {cms}/email-subscribers/subscribe with source 'website_footer'. The texts are docs/product.md
 * section 8's newsletter catalogue.
 */
export async function subscribe(cms: CmsClient, input: SubscriberInput): Promise<SubscribeResult> {
  let res: { message?: unknown } | null;
  try {
    res = await cms.send<{ message?: unknown } | null>(
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
    );
  } catch (error) {
    logFailure("Failed to subscribe", error);
    if (error instanceof CmsError && error.failure === "parse") {
      throw new Error("Server returned invalid response", { cause: error });
    }
    if (error instanceof CmsError && error.failure === "status") {
      throw new Error(error.serverMessage ?? "Failed to subscribe", { cause: error });
    }
    throw new Error("Failed to subscribe. Please try again.", { cause: error });
  }
  const message = res?.message;
  return { message: typeof message === "string" && message ? message : "Successfully subscribed!" };
}
