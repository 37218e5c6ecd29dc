import { describe, expect, it } from "vitest";
import { readSource } from "./source-files";

// README.md is read in two minutes (docs/conventions.md "Comments and docs"): what the site is,
// the two commands, and the page that explains each of configuration, operations, the CMS,
// testing and benchmarks. The detail lives on those pages.
describe("README.md", () => {
  const readme = readSource("README.md");

  it("is at most 150 lines", () => {
    expect(readme.trimEnd().split("\n").length).toBeLessThanOrEqual(150);
  });

  it("starts with the two commands and links one page each for the rest", () => {
    expect(readme).toContain("npm install && npm start");
    expect(readme).toContain("npm test");
    for (const page of [
      "docs/configuration.md",
      "docs/operations.md",
      "docs/cms.md",
      "docs/testing.md",
      "bench/README.md",
    ])
      expect(readme).toContain(`(${page})`);
  });
});
