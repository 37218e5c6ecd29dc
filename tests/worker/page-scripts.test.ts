import { describe, expect, it } from "vitest";
import { visit } from "./helpers";

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

async function page(path: string): Promise<string> {
  const res = await visit(path, { headers: { "User-Agent": BROWSER } });
  expect(res.status).toBe(200);
  return res.text();
}

describe("the page's scripts load after what the first paint needs (docs/decisions/038)", () => {
  it.each(["/", "/blog", "/events", "/search?q=techno"])(
    "%s: every module preload asks for a low fetch priority, and every module the page starts is preloaded",
    async (path) => {
      const html = await page(path);
      const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)].map(([tag]) => tag);
      expect(preloads.length).toBeGreaterThan(1);
      // React writes the attribute as fetchPriority; HTML attribute names are case-insensitive.
      for (const tag of preloads) expect(tag).toMatch(/\sfetchpriority="low"/i);
      const preloaded = new Set(preloads.map((tag) => tag.match(/\bhref="([^"]+)"/)?.[1]));
      // The inline module script that starts the app imports the route modules and the entry.
      const bootstrap = [...html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)]
        .map((m) => m[1] ?? "")
        .find((text) => text.includes("__reactRouterRouteModules"));
      expect(bootstrap).toBeDefined();
      const started = [
        ...(bootstrap ?? "").matchAll(/import(?:\s+\*\s+as\s+\w+\s+from\s*|\()\s*"([^"]+)"/g),
      ].map((m) => m[1]);
      expect(started.length).toBeGreaterThan(1);
      for (const module of started) expect(preloaded).toContain(module);
      // No script anywhere in the document is one the parser would wait for.
      for (const [tag] of html.matchAll(/<script\b[^>]*\bsrc="[^"]*"[^>]*>/g))
        expect(tag).toMatch(/\b(async|defer|type="module")\b/);
    },
  );
});

describe("the page's largest image is asked for first (docs/decisions/047)", () => {
  const firstLink = async (path: string, prefix: string) => {
    const href = (await page(path)).match(new RegExp(`href="(${prefix}[a-z0-9-]+)"`))?.[1];
    expect(href).toBeDefined();
    return href as string;
  };

  it.each([
    ["a post", () => firstLink("/blog", "/blog/"), "post__cover"],
    ["a release", () => firstLink("/releases", "/releases/"), "detail__cover"],
    ["a mixtape", () => firstLink("/mixtapes", "/mixtapes/"), "detail__cover"],
    ["an event", () => firstLink("/events", "/events/"), "detail__cover"],
    ["/blog", async () => "/blog", "card__cover"],
    ["/releases", async () => "/releases", "card__cover"],
    ["/mixtapes", async () => "/mixtapes", "card__cover"],
  ])(
    "%s: one image, the first cover, has a high fetch priority, and so has its preload, ahead of the scripts",
    async (_name, pathOf, coverClass) => {
      const html = await page(await pathOf());
      const images = [...html.matchAll(/<img\b[^>]*>/g)].map(([tag]) => tag);
      const high = images.filter((tag) => /\sfetchpriority="high"/i.test(tag));
      expect(high).toHaveLength(1);
      const [cover] = high;
      // The first image of the page's main covers is the one.
      expect(cover).toBe(images.find((tag) => tag.includes(coverClass)));
      expect(cover).toMatch(/\sloading="eager"/);
      // A photo is preloaded by its srcset (React leaves out the href), SVG art by its URL.
      const src = cover?.match(/\bsrc="([^"]+)"/)?.[1];
      const srcset = cover?.match(/\bsrcSet="([^"]+)"/)?.[1];
      const preload = html
        .match(/<link\b[^>]*\brel="preload"[^>]*\bas="image"[^>]*>/g)
        ?.find((tag) => (srcset ? tag.includes(`imageSrcSet="${srcset}"`) : tag.includes(`href="${src}"`)));
      expect(preload).toMatch(/\sfetchpriority="high"/i);
      expect(html.indexOf(preload as string)).toBeLessThan(html.indexOf('rel="modulepreload"'));
    },
  );

  it.each(["/", "/events", "/search?q=techno", "/genres"])(
    "%s: no image outranks the others where the largest element is text",
    async (path) => {
      const html = await page(path);
      expect(html).not.toMatch(/<img\b[^>]*\sfetchpriority="high"/i);
    },
  );
});
