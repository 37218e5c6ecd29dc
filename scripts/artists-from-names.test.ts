import { describe, expect, it } from "vitest";
import { slugsForNames } from "./artists-from-names";

describe("slugs for the names the migration left out", () => {
  it("folds any Latin letter, hashes a name without one, and never takes a slug twice", () => {
    const found = slugsForNames(
      ["Nguyễn Thị Mai", "Дмитрий", "Jürgen Møller", "Jurgen Moller"],
      ["jurgen-moller"],
    );
    expect(found[0]).toEqual({ name: "Nguyễn Thị Mai", slug: "nguyen-thi-mai" });
    expect(found[1]?.slug).toMatch(/^artist-[0-9a-z]+$/);
    expect(found[2]?.slug).toBe("jurgen-moller-2");
    expect(found[3]?.slug).toBe("jurgen-moller-3");
    expect(slugsForNames(["Дмитрий"], [])[0]?.slug).toBe(found[1]?.slug);
  });
});
