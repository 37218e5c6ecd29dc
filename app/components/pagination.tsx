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
