import type { Page } from "@core/content/page";
import { data } from "react-router";
import { ListLink } from "./app-link";

interface PaginationProps {
  page: number;
  pageCount: number;
  /** Builds the URL of page n, keeping the page's other parameters. */
  href: (n: number) => string;
}

/** Plain links, so paging works without JavaScript. */
export function Pagination({ page, pageCount, href }: PaginationProps) {
  if (pageCount <= 1) return null;
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1);
  return (
    <nav className="pagination" aria-label="Pagination">
      {page > 1 ? (
        <ListLink to={href(page - 1)} rel="prev" className="pagination__step">
          ← Newer
        </ListLink>
      ) : null}
      <ul>
        {pages.map((n) => (
          <li key={n}>
            <ListLink to={href(n)} aria-current={n === page ? "page" : undefined} aria-label={`Page ${n}`}>
              {n}
            </ListLink>
          </li>
        ))}
      </ul>
      {page < pageCount ? (
        <ListLink to={href(page + 1)} rel="next" className="pagination__step">
          Older →
        </ListLink>
      ) : null}
    </nav>
  );
}

/** Reads ?page=N as a positive integer, defaulting to 1. */
export function pageParam(url: URL): number {
  const n = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  return Number.isFinite(n) && n > 0 ? n : 1;
}

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
