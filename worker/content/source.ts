import type { CatalogueReader } from "@core/content/catalogue";
import type { NewsletterStore } from "@core/content/newsletter";
import type { SubmissionStore } from "@core/content/submission";

/** The catalogue as an adapter serves it: the public reads, without the service's `kind`. */
export type CatalogueSource = Omit<CatalogueReader, "kind">;

/**
 * The port a content adapter implements (docs/decisions/023-one-failure-path.md). Its methods
 * throw on failure; the content service always passes it through `withFailurePath`
 * (degrade.ts), which gives every method its docs/product.md section 8 behaviour. An adapter
 * therefore never catches, reports or logs the failure of an answer. The one exception is a part
 * of one answer that may fail alone (a post count, the aggregated half of /blog): only the adapter
 * sees where its answer splits, so it keeps the rest with `partOrElse`
 * (worker/failure/source-failure.ts), which reports the part like any degraded answer.
 */
export interface ContentSource {
  readonly kind: CatalogueReader["kind"];
  /**
   * What a failure becomes. "degrade": the fallbacks of docs/product.md section 8 (the CMS, a
   * remote service that may be down). "propagate": the throw reaches the page error (the
   * embedded D1 store, a binding in the same data centre: docs/decisions/018).
   */
  readonly onFailure: "degrade" | "propagate";
  readonly catalogue: CatalogueSource;
  readonly submissions: SubmissionStore;
  readonly newsletter: NewsletterStore;
}
