import { describe, expect, it } from "vitest";
import { baseUrl } from "./browser";

/** The module scripts a page asks the browser to load, as the production build names them. */
async function pageScripts(path: string): Promise<string[]> {
  const html = await (
    await fetch(`${baseUrl()}${path}`, { headers: { "User-Agent": "Mozilla/5.0" } })
  ).text();
  return [...html.matchAll(/<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? "");
}

describe("static assets (docs/decisions/019)", () => {
  it("serves the hashed scripts a page loads as immutable for a year", async () => {
    const scripts = await pageScripts("/");
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const res = await fetch(`${baseUrl()}${script}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    }
  });

  it("lets files without a hash in their name be revalidated", async () => {
    const res = await fetch(`${baseUrl()}/favicon.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).not.toContain("immutable");
  });
});
