import { describe, expect, it } from "vitest";
import { likePattern, MAX_LIKE_PATTERN_BYTES } from "./sql";

describe("likePattern", () => {
  it("escapes LIKE wildcards so visitor text matches literally", () => {
    expect(likePattern("100%_off\\")).toBe("%100\\%\\_off\\\\%");
  });

  it("cuts long text, whole characters at a time, to D1's 50-byte pattern limit", () => {
    const bytes = (s: string) => new TextEncoder().encode(s).length;
    const emoji = likePattern("😀".repeat(30));
    expect(bytes(emoji)).toBeLessThanOrEqual(MAX_LIKE_PATTERN_BYTES);
    expect(emoji).toBe(`%${"😀".repeat(12)}%`);
    const escapes = likePattern("%".repeat(40));
    expect(bytes(escapes)).toBeLessThanOrEqual(MAX_LIKE_PATTERN_BYTES);
    expect(escapes).toMatch(/^%(\\%)+%$/);
    expect(likePattern("deep house")).toBe("%deep house%");
  });
});
