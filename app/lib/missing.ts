import type { ContentService } from "@core/content/service";
import { data } from "react-router";

/**
 * What a detail loader throws when its item is null: a 404 when the source answered that there
 * is no such item; a 503 (the page error of docs/product.md section 2, never cached) when the null stands
 * in for a source failure (docs/product.md section 8), so an outage never tells visitors or crawlers
 * that the page is gone.
 */
export function missing(content: Pick<ContentService, "sourceFailed">, notFound: string) {
  if (content.sourceFailed()) {
    return data("The content could not be loaded", { status: 503 });
  }
  return data(notFound, { status: 404 });
}
