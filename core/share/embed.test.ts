import { describe, expect, it } from "vitest";
import { embedHeight, embedIframe, embedPath, parseItemPath, readEmbedOptions } from "./embed";

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

describe("embed options", () => {
  it("reads size, theme and t, with the full dark card as the default", () => {
    expect(readEmbedOptions(new URLSearchParams(""))).toEqual({ size: "full", theme: "dark", start: null });
    expect(readEmbedOptions(new URLSearchParams("size=compact&theme=light&t=1m30s"))).toEqual({
      size: "compact",
      theme: "light",
      start: 90,
    });
    // A malformed t is ignored, as on the pages; a size or theme it does not know is an error.
    expect(readEmbedOptions(new URLSearchParams("t=soon"))).toEqual({
      size: "full",
      theme: "dark",
      start: null,
    });
    expect(readEmbedOptions(new URLSearchParams("size=huge"))).toEqual({
      error: "size must be one of: full, compact",
    });
    expect(readEmbedOptions(new URLSearchParams("theme=pink"))).toEqual({
      error: "theme must be one of: dark, light",
    });
    expect(readEmbedOptions(new URLSearchParams("size=compact&size=full"))).toEqual({
      error: "size must be given once",
    });
  });

  it("writes only what differs from the default into the embed's address, and sizes the frame", () => {
    expect(embedPath("mixtapes", "mix-1")).toBe("/embed/mixtapes/mix-1");
    expect(embedPath("mixtapes", "mix-1", { size: "full", theme: "dark" })).toBe("/embed/mixtapes/mix-1");
    expect(embedPath("mixtapes", "mix-1", { size: "compact", theme: "light", start: 90 })).toBe(
      "/embed/mixtapes/mix-1?size=compact&theme=light&t=90",
    );
    expect([embedHeight("blog"), embedHeight("releases"), embedHeight("releases", "compact")]).toEqual([
      200, 400, 120,
    ]);
  });
});
