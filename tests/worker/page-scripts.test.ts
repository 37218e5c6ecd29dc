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
