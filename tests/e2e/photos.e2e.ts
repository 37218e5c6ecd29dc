import { IMAGE_WIDTHS, storedImage } from "@core/media/images";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { published } from "./catalogue";

// Photos (docs/decisions/139, 141): the demo catalogue's releases and artists carry 2000-3000 px
// JPEGs; a page sends each at the ladder's width its drawn size needs on that screen, as AVIF to
// a browser that takes it, never the original.
const session = useBrowser();

/** The newest published release, whose artwork is a photo. */
const newest = [...published.releases].sort((a, b) => b.release_date.localeCompare(a.release_date))[0];
const newestPhoto = storedImage(newest?.artwork);

/** The images the page has drawn: file, width in CSS px, the file's width. */
async function drawnImages(page: Page, within: string) {
  return page
    .locator(`${within} img`)
    .evaluateAll((imgs) =>
      (imgs as HTMLImageElement[])
        .filter((img) => img.complete && img.naturalWidth > 0 && img.currentSrc.includes("/media/img/"))
        .map((img) => ({ src: img.currentSrc, drawn: img.getBoundingClientRect().width })),
    );
}

/** Each photo response the page received, by URL: its type and caching. */
function photoResponses(page: Page) {
  const seen = new Map<string, { type: string; cache: string }>();
  page.on("response", (res) => {
    if (res.url().includes("/media/img/"))
      seen.set(res.url(), {
        type: res.headers()["content-type"] ?? "",
        cache: res.headers()["cache-control"] ?? "",
      });
  });
  return seen;
}

/** The ladder's widths at or above what `pixels` device pixels need: the right one and the next. */
function fitting(pixels: number): number[] {
  const at = IMAGE_WIDTHS.findIndex((w) => w >= pixels);
  return IMAGE_WIDTHS.slice(at, at + 2);
}

describe("photos on the page", () => {
  it.each([
    [375, 3],
    [768, 2],
    [1280, 1],
  ])(
    "on a %i px screen at %ix, /releases sends each artwork at the width it is drawn, as AVIF, for a year",
    async (width, scale) => {
      if (!newest || !newestPhoto) throw new Error("the newest release's artwork is no photo");
      const page = await session.newPage({ width, height: 900, scale });
      const responses = photoResponses(page);
      await page.goto("/releases");
      await page.getByRole("heading", { level: 1, name: "Releases" }).waitFor();
      const card = page.locator("article", { has: page.getByRole("heading", { name: newest.title }) });
      const artwork = card.locator("img");
      await expect
        .poll(() => artwork.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);

      const drawn = await drawnImages(page, "main");
      expect(drawn.length).toBeGreaterThan(0);
      for (const image of drawn) {
        const file = Number(new URL(image.src).pathname.split("/").pop());
        // Never the original (the demo's are 2000-3000 px): a width of the ladder, the one the
        // drawn size needs or the next (the stylesheet's gutters are a few pixels off the `sizes`
        // it states).
        expect(IMAGE_WIDTHS, image.src).toContain(file);
        expect(fitting(image.drawn * scale), `${image.src} drawn ${image.drawn} px at ${scale}x`).toContain(
          file,
        );
        const answer = responses.get(image.src);
        expect(answer?.type, image.src).toBe("image/avif");
        expect(answer?.cache, image.src).toBe("public, max-age=31536000, immutable");
      }
    },
  );

  it("sends a phone the 48 px portraits of /artists as files of 144 px, the width its screen draws", async () => {
    const page = await session.newPage({ width: 375, height: 800, scale: 3 });
    const responses = photoResponses(page);
    await page.goto("/artists");
    await page.getByRole("heading", { level: 1, name: "Artists" }).waitFor();
    await expect.poll(async () => (await drawnImages(page, "main")).length).toBeGreaterThanOrEqual(3);
    for (const image of await drawnImages(page, "main")) {
      expect(image.drawn).toBe(48);
      expect(new URL(image.src).pathname).toMatch(/\/144$/);
      expect(responses.get(image.src)?.type).toBe("image/avif");
    }
  });
});
