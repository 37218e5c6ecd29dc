import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./newsletter-view";

// The no-JavaScript newsletter form posts the page to go back to; any site can post it.
describe("safeReturnPath", () => {
  it.each([
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/\t\t/evil.example/path",
    "\t//evil.example",
    "/\\evil.example",
    "\\/evil.example",
    "/\\/evil.example",
    "//evil.example",
    "/.//evil.example",
    "/./\t/evil.example",
    "/\u0000/evil.example",
    "/\u007f/evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    " /events",
    "",
  ])("turns %j, which a browser may read as another site, into home", (value) => {
    expect(safeReturnPath(value)).toBe("/");
    // What a browser would open from the link: always this site.
    expect(new URL(safeReturnPath(value), "https://crossfade.example").origin).toBe(
      "https://crossfade.example",
    );
  });

  it.each([
    ["/", "/"],
    ["/events", "/events"],
    ["/blog?genre=techno&page=2#latest", "/blog?genre=techno&page=2#latest"],
    ["/%09/evil.example", "/%09/evil.example"],
    ["/search?q=a//b", "/search?q=a//b"],
  ])("keeps the same-site path %j", (value, path) => {
    expect(safeReturnPath(value)).toBe(path);
  });

  it("is home for anything that is not text", () => {
    expect(safeReturnPath(undefined)).toBe("/");
    expect(safeReturnPath(["/events"])).toBe("/");
  });
});
