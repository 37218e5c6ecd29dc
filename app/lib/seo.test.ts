import { describe, expect, it } from "vitest";
import { seo, siteFromMatches } from "./seo";

const site = { siteUrl: "https://crossfade.example", siteName: "Crossfade" };

describe("seo", () => {
  it("gives a page its title, description, canonical URL and absolute share image", () => {
    const tags = seo(site, {
      title: "Blog",
      description: "Stories",
      path: "/blog",
      image: "/media/covers/a.svg",
    });
    expect(tags).toContainEqual({ title: "Blog · Crossfade" });
    expect(tags).toContainEqual({ name: "description", content: "Stories" });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://crossfade.example/blog",
    });
    expect(tags).toContainEqual({
      property: "og:image",
      content: "https://crossfade.example/media/covers/cards/a.jpg",
    });
    expect(tags).toContainEqual({ property: "og:image:width", content: "1200" });
    expect(tags).toContainEqual({ property: "og:image:height", content: "630" });
    expect(tags).toContainEqual({ property: "og:image:alt", content: "Blog" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });

  it("uses the placeholder cover when a page has no image, and keeps the site name alone on home", () => {
    const tags = seo(site, { title: "Crossfade", description: "Home", path: "/" });
    expect(tags).toContainEqual({ title: "Crossfade" });
    expect(tags).toContainEqual({
      property: "og:image",
      content: "https://crossfade.example/media/covers/cards/placeholder.jpg",
    });
  });

  it("shares a photo as its 1200 × 630 card, and any other image as it is, without a size", () => {
    const hash = "0123456789abcdef01234567";
    const photo = seo(site, {
      title: "P",
      description: "d",
      path: "/blog/p",
      image: `/media/img/${hash}/3000x2000`,
    });
    expect(photo).toContainEqual({
      property: "og:image",
      content: `https://crossfade.example/media/img/${hash}/card.jpg`,
    });
    expect(photo).toContainEqual({
      name: "twitter:image",
      content: `https://crossfade.example/media/img/${hash}/card.jpg`,
    });
    expect(photo).toContainEqual({ property: "og:image:width", content: "1200" });
    const other = seo(site, {
      title: "O",
      description: "d",
      path: "/blog/o",
      image: "https://cms.example/u/a.png",
    });
    expect(other).toContainEqual({ property: "og:image", content: "https://cms.example/u/a.png" });
    expect(other.some((t) => "property" in t && t.property === "og:image:width")).toBe(false);
  });

  it("adds JSON-LD and noindex when asked", () => {
    const tags = seo(site, {
      title: "S",
      description: "d",
      path: "/search",
      noindex: true,
      jsonLd: { "@type": "X" },
    });
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
    expect(tags).toContainEqual({ "script:ld+json": { "@type": "X" } });
  });
});

describe("siteFromMatches", () => {
  it("reads the root loader's site info, with defaults when it is missing", () => {
    expect(siteFromMatches([{ id: "root", data: site }])).toEqual(site);
    expect(siteFromMatches([])).toEqual({ siteUrl: "http://localhost:8787", siteName: "Crossfade" });
  });
});
