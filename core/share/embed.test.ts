import { describe, expect, it } from "vitest";
import { embedIframe, embedPath, parseItemPath } from "./embed";

describe("embed paths and code", () => {
  it("reads detail and embed paths back into kind and slug, and nothing else", () => {
    expect(parseItemPath("/blog/night-drive")).toEqual({ kind: "blog", slug: "night-drive" });
    expect(parseItemPath("/embed/releases/cf-001/")).toEqual({ kind: "releases", slug: "cf-001" });
    expect(parseItemPath(embedPath("mixtapes", "a b"))).toEqual({ kind: "mixtapes", slug: "a b" });
    for (const other of ["/", "/blog", "/events/x", "/blog/tag/x", "/embed/events/x", "/blog/%E0%A4%A"])
      expect(parseItemPath(other)).toBeNull();
  });

  it("escapes what goes into the iframe's attributes", () => {
    const html = embedIframe({
      src: "https://x.example/embed/blog/a",
      title: 'A "b" <c>',
      width: 480,
      height: 200,
    });
    expect(html).toContain('title="A &quot;b&quot; &lt;c&gt;"');
    expect(html).toMatch(/^<iframe src="https:\/\/x\.example\/embed\/blog\/a" [^>]*width="480" height="200"/);
  });
});
