import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { hydrated, open } from "./open";
import { press } from "./press";

const session = useBrowser();

/** [path, expected status, expected h1 (text or pattern), has site header and footer] */
const STATIC_ROUTES: Array<[string, number, string | RegExp, boolean]> = [
  ["/", 200, "Music from the edges of the dancefloor.", false],
  ["/blog", 200, "Blog", true],
  ["/blog?category=interviews", 200, "Interviews", true],
  ["/blog?category=premieres", 200, "Premieres", true],
  ["/blog/category/reviews", 200, "Reviews", true],
  ["/mixtapes", 200, "Mixtapes", true],
  ["/releases", 200, "Releases", true],
  ["/events", 200, "Events", true],
  ["/about", 200, "About Crossfade", true],
  ["/contact", 200, "Contact", true],
  ["/submit", 200, "Send us your music", true],
  ["/submit/form", 200, "Submission form", true],
  ["/privacy", 200, "Privacy Policy", true],
  ["/terms", 200, "Terms of Use", true],
  ["/genres", 200, "Genres", true],
  ["/locations", 200, "Locations", true],
  ["/search?q=techno", 200, /Results for “techno”/, false],
  ["/no/such/page", 404, "Page not found", true],
  ["/blog/no-such-post", 404, "Page not found", true],
  ["/mixtapes/no-such-mixtape", 404, "Page not found", true],
  ["/releases/no-such-release", 404, "Page not found", true],
  ["/events/no-such-event", 404, "Page not found", true],
  ["/blog/category/gossip", 404, "Page not found", true],
  ["/blog/tag/no-such-tag", 404, "Page not found", true],
  ["/blog/genre/italo-disco", 404, "Page not found", true],
  ["/blog/location/nowhere", 404, "Page not found", true],
  ["/blog/tag/vinyl", 200, "Tagged “vinyl”", true],
  ["/blog/genre/techno", 200, "Techno", true],
  ["/blog/location/berlin", 200, "Berlin", true],
];

describe("every route of docs/product.md section 2", () => {
  for (const [path, status, h1, chrome] of STATIC_ROUTES) {
    it(`${path} answers ${status} with its h1 and ${chrome ? "the header and footer" : "no header or footer"}`, async () => {
      const page = await session.newPage();
      // Chromium logs its own console line for a document answered with 404.
      if (status === 404) session.allow(/Failed to load resource: the server responded with a status of 404/);
      const response = await page.goto(path);
      expect(response?.status()).toBe(status);
      const headings = page.getByRole("heading", { level: 1 });
      await expect.poll(() => headings.count()).toBe(1);
      const text = (await headings.first().textContent()) ?? "";
      if (typeof h1 === "string") expect(text).toBe(h1);
      else expect(text).toMatch(h1);
      expect(await page.title()).not.toBe("");
      expect(await page.locator("header.site-header").count()).toBe(chrome ? 1 : 0);
      expect(await page.locator("footer.site-footer").count()).toBe(chrome ? 1 : 0);
      // Hydration finished without errors: the client app took over the page.
      await hydrated(page);
    });
  }

  it("detail pages reached by clicking render their content", async () => {
    const page = await session.newPage();
    for (const [list, detailPrefix] of [
      ["/blog", "/blog/"],
      ["/mixtapes", "/mixtapes/"],
      ["/releases", "/releases/"],
      ["/events", "/events/"],
    ] as const) {
      await open(page, list);
      const link = page.locator(`main a.card__link[href^="${detailPrefix}"]`).first();
      const title = ((await link.textContent()) ?? "").trim();
      await press(link);
      await page.waitForURL((url) => url.pathname.startsWith(detailPrefix) && url.pathname !== list);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
    }
  });
});
