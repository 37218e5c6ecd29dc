import { type CatalogueReader, LISTED_KINDS, type ListedReads } from "@core/content/catalogue";
import type { NewsletterStore } from "@core/content/newsletter";
import type { ListFilter, Page } from "@core/content/page";
import type { SubmissionStore } from "@core/content/submission";
import { FORM_TEXTS } from "@core/form-texts";
import { TEXTS } from "@core/texts";
import { SourceError, StoreFailure, serverMessageOf } from "@worker/failure/source-error";
import { markSourceFailed, reportDegraded } from "@worker/failure/source-failure";
import {
  asListed,
  DEFAULT_LIST_PAGE_SIZE,
  DEFAULT_POST_PAGE_SIZE,
  emptyArtistDirectory,
  emptyArtistWork,
  emptyPage,
  hasPostFilter,
  paging,
} from "./paging";
import type { ContentSource } from "./source";

/** The text of a failed status update (docs/product.md section 8), in both modes. */
const WRITE_STATUS = "Failed to update submission status";

/** The public ports of a content source, each method with its failure behaviour applied. */
export interface ContentPorts {
  catalogue: CatalogueReader;
  submissions: SubmissionStore;
  newsletter: NewsletterStore;
}

/**
 * The one failure path of every content source (docs/decisions/023-one-failure-path.md): the
 * content service passes every adapter through here.
 */
export function withFailurePath(source: ContentSource): ContentPorts {
  return source.onFailure === "degrade" ? degraded(source) : propagated(source);
}

/**
 * The embedded store: the adapter's own functions, so a read's throw reaches the page error just
 * as it was thrown (error reporting groups events by their stack). Its writes fail as the CMS's
 * do, with a StoreFailure.
 */
function propagated(source: ContentSource): ContentPorts {
  const raw = marking(source.catalogue);
  const submissions = marking(source.submissions);
  const newsletter = marking(source.newsletter);
  return {
    catalogue: {
      ...raw,
      kind: source.kind,
      listCombinedPosts: narrowed(raw.listPosts, raw.listCombinedPosts),
    },
    // A failed write is translated here in both modes, so the forms and the API only read its
    // text (StoreFailure); the store's own error stays its cause.
    submissions: {
      ...submissions,
      createSubmission: (input) =>
        storeFailureOf(FORM_TEXTS.submissionFailed, () => submissions.createSubmission(input)),
      setSubmissionStatus: (id, status, notes) =>
        storeFailureOf(WRITE_STATUS, () => submissions.setSubmissionStatus(id, status, notes)),
    },
    newsletter: {
      ...newsletter,
      subscribe: (input) => storeFailureOf(TEXTS.subscribeFailed, () => newsletter.subscribe(input)),
    },
  };
}

/** The embedded store's write, its failure handed on as the text of the operation. */
async function storeFailureOf<T>(text: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw new StoreFailure(text, text, { cause: error });
  }
}

/**
 * The port with every method marking the request as failed when it throws, then rethrowing the
 * same error: the page error knows the store was down (503), the error keeps its own stack.
 */
function marking<T extends object>(port: T): T {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(port)) {
    out[name] =
      typeof value !== "function"
        ? value
        : async (...args: unknown[]) => {
            try {
              return await value.apply(port, args);
            } catch (error) {
              markSourceFailed();
              throw error;
            }
          };
  }
  return out as T;
}

/** Aggregated posts carry no category or tag: any filter narrows the /blog listing to blog posts. */
function narrowed(
  listPosts: CatalogueReader["listPosts"],
  listCombined: CatalogueReader["listCombinedPosts"],
): CatalogueReader["listCombinedPosts"] {
  return async (filter = {}) =>
    hasPostFilter(filter) ? asListed(await listPosts(filter)) : listCombined(filter);
}

/**
 * Each method with the behaviour of its kind in docs/product.md section 8: a list fails to page 1
 * of nothing, a detail to null, a collection to an empty one, a form to its catalogue text.
 * Every degraded answer is reported (reportDegraded), so neither cache keeps it and a detail
 * page answers 503. The object literals must name every port method (the listed kinds' come from
 * listedReads): a new one cannot go without a rule.
 */
function degraded(source: ContentSource): ContentPorts {
  const raw = source.catalogue;
  const listPosts: CatalogueReader["listPosts"] = (filter) =>
    pageOr("Failed to fetch blog posts", filter, POSTS, () => raw.listPosts(filter));
  const catalogue: CatalogueReader = {
    kind: source.kind,
    listPosts,
    // A failed combined fetch falls back to blog posts only.
    listCombinedPosts: narrowed(listPosts, (filter) =>
      degradeOnFailure(
        "Failed to fetch combined posts",
        () => raw.listCombinedPosts(filter),
        async () => asListed(await listPosts(filter)),
      ),
    ),
    getPost: (slug) => degradeOnFailure("Failed to fetch blog post", () => raw.getPost(slug), none),
    listGenres: () => degradeOnFailure("Failed to fetch genres", () => raw.listGenres(), nothing),
    listLocations: () => degradeOnFailure("Failed to fetch locations", () => raw.listLocations(), nothing),
    listTags: () => degradeOnFailure("Failed to fetch tags", () => raw.listTags(), nothing),
    ...listedReads(raw),
    listEvents: (now, all) =>
      degradeOnFailure(
        "Failed to fetch events",
        () => raw.listEvents(now, all),
        () => ({ upcoming: [], past: [] }),
      ),
    pageEvents: (filter) => pageOr("Failed to fetch events", filter, LIST, () => raw.pageEvents(filter)),
    getEvent: (id) => degradeOnFailure("Failed to fetch event", () => raw.getEvent(id), none),
    listArtists: (filter) =>
      degradeOnFailure(
        "Failed to fetch artists",
        () => raw.listArtists(filter),
        () => emptyArtistDirectory(filter?.pageSize),
      ),
    getArtist: (slug) => degradeOnFailure("Failed to fetch artist", () => raw.getArtist(slug), none),
    getArtistWork: (id, pages, now) =>
      degradeOnFailure("Failed to fetch artist", () => raw.getArtistWork(id, pages, now), emptyArtistWork),
    // A preview's read fails as the item's page does: a missing item, and the page answers 503.
    getDraft: (kind, slug) =>
      degradeOnFailure(`Failed to fetch ${kind}`, () => raw.getDraft(kind, slug), none),
  };
  const { submissions: rawSubmissions, newsletter: rawNewsletter } = source;
  const submissions: SubmissionStore = {
    createSubmission: (input) =>
      degradeOnFailure(
        FORM_TEXTS.submissionFailed,
        () => rawSubmissions.createSubmission(input),
        serverMessageOr(FORM_TEXTS.submissionFailed),
      ),
    // An operator tool: a CMS that is down or refuses the token is an error answer (503), never
    // an empty list that reads as "no submissions".
    listSubmissions: (filter) =>
      degradeOnFailure(
        "Failed to fetch submissions",
        () => rawSubmissions.listSubmissions(filter),
        serverMessageOr("Failed to fetch submissions"),
      ),
    // An operator tool: a failure is an error answer, never a "not found" for a submission that exists.
    getSubmission: (id) =>
      degradeOnFailure(
        "Failed to fetch submission",
        () => rawSubmissions.getSubmission(id),
        serverMessageOr("Failed to fetch submission"),
      ),
    // The source answers null itself for an id it does not have: that is no failure.
    setSubmissionStatus: (id, status, notes) =>
      degradeOnFailure(
        WRITE_STATUS,
        () => rawSubmissions.setSubmissionStatus(id, status, notes),
        serverMessageOr(WRITE_STATUS),
      ),
  };
  const newsletter: NewsletterStore = {
    subscribe: (input) =>
      degradeOnFailure(TEXTS.subscribeFailed, () => rawNewsletter.subscribe(input), subscribeFailure),
    // Operator tools and the confirmation link: a failure is an error answer, never a made-up
    // empty list or a "no such subscriber".
    admin: rawNewsletter.admin,
    optIn: rawNewsletter.optIn,
  };
  return { catalogue, submissions, newsletter };
}

type Guard = <T>(
  text: string,
  run: () => Promise<T>,
  fallback: (error: unknown) => T | Promise<T>,
) => Promise<T>;

const degradeOnFailure: Guard = async (text, run, fallback) => {
  try {
    return await run();
  } catch (error) {
    reportDegraded(text, error);
    return fallback(error);
  }
};

/**
 * The listed kinds' reads (core/content/catalogue.ts LISTED_KINDS), by their shape: a list fails
 * to page 1 of nothing, a detail to null, each with the kind's name in its text.
 */
function listedReads(raw: ListedReads): ListedReads {
  // The answer's type is the method's, which ListedReads states; the name is built from the kind.
  const read = (method: string, arg: unknown) =>
    (Reflect.get(raw, method) as (arg: unknown) => Promise<never>).call(raw, arg);
  const reads: Record<string, unknown> = {};
  for (const [kind, { name }] of Object.entries(LISTED_KINDS)) {
    reads[`list${kind}s`] = (filter?: ListFilter) =>
      pageOr(`Failed to fetch ${name}s`, filter, LIST, () => read(`list${kind}s`, filter));
    reads[`get${kind}`] = (slugOrId: string) =>
      degradeOnFailure(`Failed to fetch ${name}`, () => read(`get${kind}`, slugOrId), none);
  }
  return reads as ListedReads;
}

const none = () => null;
const nothing = () => [];

const POSTS = DEFAULT_POST_PAGE_SIZE;
const LIST = DEFAULT_LIST_PAGE_SIZE;

/** A list: page 1 of nothing on failure, in the page size that was asked for (default `size`). */
function pageOr<T>(
  text: string,
  filter: { page?: number; pageSize?: number } | undefined,
  size: number,
  run: () => Promise<Page<T>>,
): Promise<Page<T>> {
  return degradeOnFailure(text, run, () => emptyPage(paging(filter?.page, filter?.pageSize, size).pageSize));
}

/**
 * A form's failure: the source's own message, else the catalogue text (docs/product.md section 8);
 * `text` stays on the error for the answer the visitor gets.
 */
function serverMessageOr(text: string) {
  return (error: unknown): never => {
    throw new StoreFailure(text, serverMessageOf(error) ?? text, { cause: error });
  };
}

/** The newsletter catalogue of docs/product.md section 8, by how the call failed. */
function subscribeFailure(error: unknown): never {
  const text = TEXTS.subscribeFailed;
  if (error instanceof SourceError && error.failure === "parse") {
    throw new StoreFailure(text, TEXTS.subscribeInvalidResponse, { cause: error });
  }
  if (error instanceof SourceError && error.failure === "status") {
    throw new StoreFailure(text, error.serverMessage ?? text, { cause: error });
  }
  throw new StoreFailure(text, TEXTS.subscribeRetry, { cause: error });
}
