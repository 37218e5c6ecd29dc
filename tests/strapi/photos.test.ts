import { describe, expect, it } from "vitest";
import { h1Of, workerUrl } from "./lane";

// Photos in CMS mode (docs/decisions/142): the demo's photos, uploaded to the lane's Strapi by its
// seed, reach the Worker's pages as the site's own image route, never as the 3000 px original.

const page = async (path: string, init: RequestInit = {}) =>
  fetch(`${workerUrl()}${path}`, { signal: AbortSignal.timeout(15_000), ...init });

describe("a CMS upload's photo through the Worker", () => {
  it("is drawn from the ladder's variants of the upload, and answers as AVIF, made once, then kept", async () => {
    const html = await (await page("/releases/bjorn-astrom-faded-harbour")).text();
    expect(h1Of(html)).toBe("Faded Harbour");
    const img = html.match(/<img [^>]*class="cover[^"]*detail__cover"[^>]*>/)?.[0] ?? "";
    // Its path where the lane's bucket (s3rver, CMS_MEDIA_URL) serves it.
    const base = img.match(/src="(\/media\/cms\/[A-Za-z0-9_./-]+\.jpg)\/480"/)?.[1];
    expect(base, img).toBeTruthy();
    expect(img).toContain(`srcSet="${base}/48 48w, ${base}/96 96w`);
    expect(img).toContain(`${base}/1920 1920w"`);
    expect(img).toContain('width="600" height="600"');
    // Shared, it shows the upload's card.
    expect(html).toMatch(
      new RegExp(`<meta property="og:image" content="https?://[^"/]+${base}/card\\.jpg"/>`),
    );

    const first = await page(`${base}/320`, { headers: { Accept: "image/avif,image/webp,*/*" } });
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("image/avif");
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const bytes = (await first.arrayBuffer()).byteLength;
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThan(200 * 1024);
    const again = await page(`${base}/320`, { headers: { Accept: "image/avif" } });
    expect(again.headers.get("X-Image-Variant")).toBe("kept");
    await again.body?.cancel();
  });
});
