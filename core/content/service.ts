import type { KnownTaxa, ParsedSearch } from "../search/params";
import type { SearchResults } from "../search/results";
import type { SearchIndex } from "../search/search-index";
import type { CatalogueReader } from "./catalogue";
import type { NewsletterStore } from "./newsletter";
import type { Preview } from "./preview";
import type { SubmissionStore } from "./submission";

/**
 * What loaders receive through the router context: the content service's ports
 * (docs/architecture.md), never an adapter.
 */
export interface ContentService {
  catalogue: CatalogueReader;
  submissions: SubmissionStore;
  newsletter: NewsletterStore;
  search: SearchIndex;
  siteUrl: string;
  siteName: string;
  /**
   * True once a source degraded during this request (docs/product.md section 8: a CMS failure reads
   * as an empty list or a missing item). Detail pages answer 503 instead of 404 then.
   */
  sourceFailed(): boolean;
  /** Runs a parsed search on posts and mixtapes; a failed backend gives empty, degraded results. */
  runSearch(parsed: ParsedSearch): Promise<SearchResults>;
  /** The genre and location slugs a search may filter by. */
  knownTaxa(): Promise<KnownTaxa>;
  /**
   * The preview this request's link opened (worker/preview.ts): its item's page shows it
   * whatever its status, with the preview banner. Undefined for every other request.
   */
  preview?: Preview;
}
