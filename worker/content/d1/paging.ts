import type { Page } from "../types";

export const DEFAULT_POST_PAGE_SIZE = 15;
export const DEFAULT_LIST_PAGE_SIZE = 100;
const MAX_PAGE_SIZE = 1000;

/** Clamps page and page size to sane positive integers. */
export function paging(page: number | undefined, pageSize: number | undefined, fallback: number) {
  const size = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(pageSize ?? fallback) || fallback));
  const p = Math.max(1, Math.trunc(page ?? 1) || 1);
  return { page: p, pageSize: size, offset: (p - 1) * size };
}

export function toPage<T>(items: T[], page: number, pageSize: number, total: number): Page<T> {
  return { items, page, pageSize, total, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

/** Escapes LIKE wildcards so visitor text matches literally (used with ESCAPE '\'). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The rows of one statement's result in a D1 batch. */
export function rowsOf<T>(result: D1Result | undefined): T[] {
  return (result?.results ?? []) as T[];
}

/** The `total` column of a COUNT(*) statement's result in a D1 batch. */
export function totalOf(result: D1Result | undefined): number {
  return rowsOf<{ total: number }>(result)[0]?.total ?? 0;
}
