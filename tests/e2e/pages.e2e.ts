import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { STATIC_PAGES } from "@core/routes";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { published } from "./catalogue";
import { open } from "./open";
import { press } from "./press";

const session = useBrowser();
const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const axeSource = readFileSync(axePath, "utf8");

const post = published.posts.find((p) => p.audio_file && p.artist_name) ?? published.posts[0];
const mixtape = published.mixtapes[0];
const release = published.releases[0];
const event = published.events[0];

const DETAIL_PAGES: Array<[string, string]> = [
  [`/blog/${post?.slug}`, "BlogPosting"],
  [`/mixtapes/${mixtape?.slug}`, "MusicPlaylist"],
  [`/releases/${release?.slug}`, "MusicAlbum"],
  [`/events/${event?.slug}`, "MusicEvent"],
];

describe("deep links that share well", () => {
  for (const [path, type] of DETAIL_PAGES) {
    it(`${path} carries ${type} JSON-LD, a canonical URL and its Twitter card`, async () => {
      const page = await session.newPage();
      await open(page, path);
      const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
      const parsed = ld.map((text) => JSON.parse(text) as { "@type": string; url?: string; image?: string });
      const main = parsed.find((d) => d["@type"] === type);
      expect(main, `JSON-LD of type ${type}`).toBeTruthy();
      expect(main?.url).toMatch(/^http:\/\/localhost:8787\//);
      expect(main?.image).toMatch(/^http:\/\/localhost:8787\/media\//);
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(
        `http://localhost:8787${path}`,
      );
      // Pages with something to play share as a player card (docs/decisions/031); events as a
      // large image.
      const playable = !path.startsWith("/events/");
      expect(await page.locator('meta[name="twitter:card"]').getAttribute("content")).toBe(
        playable ? "player" : "summary_large_image",
      );
      expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toMatch(/^http:\/\//);
    });
  }
});

describe("pages without JavaScript", () => {
  it("reads /blog, a post and an event with JavaScript turned off", async () => {
    const page = await session.newPage({ javaScriptEnabled: false });
    await page.goto("/blog");
    expect(await page.locator("main a.card__link").count()).toBe(15);
    await press(page.getByRole("link", { name: "Page 2", exact: true }));
    await page.waitForURL("**/blog?page=2");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Blog");

    await page.goto(`/blog/${post?.slug}`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(post?.title);
    expect(await page.locator(".post__body p").count()).toBeGreaterThan(2);

    await page.goto(`/events/${event?.slug}`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(event?.title);
    expect(await page.getByRole("link", { name: "Add to calendar" }).getAttribute("href")).toBe(
      `/events/${event?.slug}.ics`,
    );
  });
});

const AXE_ROUTES = [
  ...STATIC_PAGES,
  `/blog/${post?.slug}`,
  `/mixtapes/${mixtape?.slug}`,
  `/releases/${release?.slug}`,
  `/events/${event?.slug}`,
  "/search?q=techno",
  "/nope",
];

describe("accessibility (axe-core in Chromium)", () => {
  it("finds no serious or critical violation on any route", async () => {
    const page = await session.newPage();
    const failures: string[] = [];
    session.allow(/Failed to load resource: the server responded with a status of 404/);
    for (const path of AXE_ROUTES) {
      await open(page, path);
      // Evaluated by the test driver: the page's CSP (rightly) refuses an injected inline script.
      await page.evaluate(axeSource);
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: { run(): Promise<{ violations: Array<{ id: string; impact: string; nodes: unknown[] }> }> };
          }
        ).axe;
        const result = await axe.run();
        return result.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.id} (${v.impact}, ${v.nodes.length} nodes)`);
      });
      for (const v of violations) failures.push(`${path}: ${v}`);
    }
    expect(failures).toEqual([]);
  });
});
