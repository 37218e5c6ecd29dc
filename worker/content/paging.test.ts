import { describe, expect, it } from "vitest";
import { paging, toPage } from "./paging";

describe("paging", () => {
  it("turns page and size into an offset, clamping nonsense to the defaults", () => {
    expect(paging(3, 15, 15)).toEqual({ page: 3, pageSize: 15, offset: 30 });
    expect(paging(undefined, undefined, 15)).toEqual({ page: 1, pageSize: 15, offset: 0 });
    expect(paging(-4, 0, 15)).toEqual({ page: 1, pageSize: 15, offset: 0 });
    expect(paging(Number.NaN, 1e9, 100)).toEqual({ page: 1, pageSize: 1000, offset: 0 });
  });

  it("keeps the offset a safe integer however far the page is, so SQL never reads it as a float", () => {
    for (const page of [1e24, Number.MAX_VALUE, Number.POSITIVE_INFINITY]) {
      const { offset } = paging(page, 12, 12);
      expect(Number.isSafeInteger(offset), String(page)).toBe(true);
      expect(String(offset), String(page)).toMatch(/^\d+$/);
    }
  });

  it("counts pages, with at least one", () => {
    expect(toPage([], 1, 15, 0)).toEqual({ items: [], page: 1, pageSize: 15, total: 0, pageCount: 1 });
    expect(toPage([1], 2, 15, 31).pageCount).toBe(3);
  });
});
