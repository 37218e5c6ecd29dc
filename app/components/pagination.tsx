import { ListLink } from "./app-link";

interface PaginationProps {
  page: number;
  pageCount: number;
  /** Builds the URL of page n, keeping the page's other parameters. */
  href: (n: number) => string;
}

/** Pages linked on either side of the current one (docs/decisions/103-pages-around-the-current-one.md). */
const AROUND = 2;

/**
 * The pages the pagination links, in order, `null` where it skips some: the first, the last
 * (how many pages there are) and the few around the current one. A link per page made a page of
 * a 100,000-post archive 7,000 links long, and its render time grew with the archive.
 */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const shown = [1, pageCount];
  for (let n = page - AROUND; n <= page + AROUND; n++) if (n > 1 && n < pageCount) shown.push(n);
  shown.sort((a, b) => a - b);
  const out: (number | null)[] = [];
  let previous = 0;
  for (const n of shown) {
    if (n === previous) continue;
    // A gap of one page shows that page rather than an ellipsis standing for it.
    if (n === previous + 2) out.push(previous + 1);
    else if (n > previous + 2) out.push(null);
    out.push(n);
    previous = n;
  }
  return out;
}

/** Plain links, so paging works without JavaScript. */
export function Pagination({ page, pageCount, href }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label="Pagination">
      {page > 1 ? (
        <ListLink to={href(page - 1)} rel="prev" className="pagination__step">
          ← Newer
        </ListLink>
      ) : null}
      <ul>
        {pageWindow(page, pageCount).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <ListLink to={href(n)} aria-current={n === page ? "page" : undefined} aria-label={`Page ${n}`}>
                {n}
              </ListLink>
            </li>
          ),
        )}
      </ul>
      {page < pageCount ? (
        <ListLink to={href(page + 1)} rel="next" className="pagination__step">
          Older →
        </ListLink>
      ) : null}
    </nav>
  );
}
