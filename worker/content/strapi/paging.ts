import type { Page } from "@core/content/types";
import { reportSourceFailure } from "../source-failure";

export const DEFAULT_POST_PAGE_SIZE = 15;
export const DEFAULT_LIST_PAGE_SIZE = 100;
/** Strapi's REST maxLimit in cms/config/api.js. */
export const MAX_PAGE_SIZE = 1000;

/** Clamps page and page size to positive integers, as the embedded store does. */
export function paging(page: number | undefined, pageSize: number | undefined, fallback: number) {
  const size = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(pageSize ?? fallback) || fallback));
  const p = Math.max(1, Math.trunc(page ?? 1) || 1);
  return { page: p, pageSize: size };
}

/** docs/product.md section 8: a failed list is page 1 of nothing. */
export function emptyPage<T>(pageSize: number): Page<T> {
  return { items: [], page: 1, pageSize, pageCount: 1, total: 0 };
}

export function toPage<T>(items: T[], page: number, pageSize: number, total: number): Page<T> {
  return { items, page, pageSize, total, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

/** docs/product.md section 9: when filtering or searching, fetch this many and paginate in the Worker. */
export function filteredFetchSize(pageSize: number): number {
  return Math.min(MAX_PAGE_SIZE, Math.max(pageSize * 10, 100));
}

/** One page of items already fetched (filtered or searched lists). */
export function slicePage<T>(all: T[], page: number, pageSize: number): Page<T> {
  return toPage(all.slice((page - 1) * pageSize, page * pageSize), page, pageSize, all.length);
}

/**
 * Every degraded answer of the Strapi source passes here (docs/product.md section 8: an empty page, a
 * null, a 0 count or a skipped list instead of a throw), so this is the one place to tell other
 * layers that a result came from a failure. Logs the docs/product.md section 8 text, then the causes, unless `silent`
 * (aggregated posts are skipped silently).
 */
export function logFailure(text: string, error: unknown, { silent = false } = {}): void {
  // The edge cache must not keep a fallback made of a failure (docs/decisions/013).
  reportSourceFailure(error);
  if (silent) return;
  const reasons: string[] = [];
  for (let e = error; e instanceof Error; e = e.cause) {
    if (e.message !== text) reasons.push(e.message);
  }
  console.error(`[cms] ${text}${reasons.length ? `: ${reasons.join(": ")}` : ""}`);
}
