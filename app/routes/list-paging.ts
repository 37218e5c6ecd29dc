import type { Page } from "@core/content/page";
import { readListPage } from "@core/page-params";
import { data } from "react-router";
import { acceptedOr400 } from "../lib/refused";

// The paged lists' routes (/mixtapes, /releases, /artists, /blog) share these beside the
// Pagination component; here rather than in app/components, whose chunk every page loads.

/** The page number a list's `?page=` asks for: 1 without one, a 400 for one it cannot be. */
export const listPage = (request: Request) => acceptedOr400(readListPage(new URL(request.url).searchParams));

/** The URL of page n of the list at `path`: the path itself for the first page. */
export const pageHref = (path: string) => (n: number) => (n > 1 ? `${path}?page=${n}` : path);

/**
 * Page `page` of a list, or a 404 past its last page: not when the source failed, as a failed
 * list is an empty page like any other (docs/product.md section 8), never a 404.
 */
export async function listPageOr404<P extends Page<unknown>>(
  page: number,
  list: Promise<P>,
  sourceFailed: () => boolean,
): Promise<P> {
  const listed = await list;
  if (page > 1 && page > listed.pageCount && !sourceFailed()) throw data("Not found", { status: 404 });
  return listed;
}

/** The title of page n of a list: " (page n)" after the list's own from page 2. */
export const pageTitle = (title: string, page: number) => (page > 1 ? `${title} (page ${page})` : title);
