import type { CatalogueReader } from "@core/content/catalogue";
import type { NewsletterStore } from "@core/content/newsletter";
import type { SubmissionStore } from "@core/content/submission";
import { withFailurePath } from "./degrade";
import type { ContentSource } from "./source";

/** A source's ports through the content service's failure path, side by side. */
export type ServedPorts = CatalogueReader & SubmissionStore & NewsletterStore;

/**
 * A source as the content service serves it (docs/decisions/023-one-failure-path.md), flattened
 * into one object: what the content contract (tests/contract/) and the adapters' unit tests call,
 * so they see what a loader sees.
 */
export function servedPorts(source: ContentSource): ServedPorts {
  const { catalogue, submissions, newsletter } = withFailurePath(source);
  return { ...catalogue, ...submissions, ...newsletter };
}
