import { describe, expect, it } from "vitest";
import { ftsMatch, ftsTerms } from "./fts-query";

describe("ftsTerms", () => {
  it("keeps letters and digits, lower-cased, without repeats", () => {
    expect(ftsTerms('Björk "Homogenic" 1997 björk')).toEqual(["björk", "homogenic", "1997"]);
  });

  it("drops FTS5 operators' punctuation so nothing is syntax", () => {
    expect(ftsTerms('"a* OR (b NEAR/2 c) -d: ^e')).toEqual(["a", "or", "b", "near", "2", "c", "d", "e"]);
  });

  it("bounds the number and length of terms for huge input", () => {
    const terms = ftsTerms(`${"x".repeat(10_000)} ${"word ".repeat(2000)}`);
    expect(terms).toEqual(["x".repeat(40)]);
    expect(ftsTerms("a b c d e f g h i j k").length).toBe(8);
  });

  it("finds nothing to search in punctuation only", () => {
    expect(ftsTerms(' "*()<>:^ ')).toEqual([]);
  });
});

describe("ftsMatch", () => {
  it("quotes every term as a prefix, AND by default", () => {
    expect(ftsMatch(["techn", "berlin"], "all")).toBe('"techn"* "berlin"*');
  });

  it("joins with OR when any term may match", () => {
    expect(ftsMatch(["a", "b"], "any")).toBe('"a"* OR "b"*');
  });

  it("limits to columns when asked", () => {
    expect(ftsMatch(["bj"], "all", ["title", "artist_name"])).toBe('{title artist_name} : ("bj"*)');
  });

  it("is null without terms", () => {
    expect(ftsMatch([], "all")).toBeNull();
  });
});
