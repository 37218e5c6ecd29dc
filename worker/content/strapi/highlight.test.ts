import { describe, expect, it } from "vitest";
import { highlight } from "./highlight";

describe("highlight", () => {
  it("marks matches ignoring case and diacritics, keeping the source text", () => {
    expect(highlight("Björk live in Reykjavík", "bjork reykjavik")).toBe(
      "<mark>Björk</mark> live in <mark>Reykjavík</mark>",
    );
    expect(highlight("TECHNO and techno", "Techno")).toBe("<mark>TECHNO</mark> and <mark>techno</mark>");
  });

  it("merges overlapping matches and leaves text without matches alone", () => {
    expect(highlight("deep house", "deep dee house")).toBe("<mark>deep</mark> <mark>house</mark>");
    expect(highlight("nothing here", "zzz")).toBe("nothing here");
    expect(highlight("anything", "   ")).toBe("anything");
  });

  it("adds no markup but the mark tags", () => {
    expect(highlight("<b>Rock</b> & roll", "rock")).toBe("<b><mark>Rock</mark></b> & roll");
  });
});
