import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { postWithAudio } from "./catalogue";
import { hydrated } from "./open";
import { press } from "./press";

const session = useBrowser();

describe("the Media Session", () => {
  it("shows the playing track on lock screens with its cover typed as what it is", async () => {
    const post = postWithAudio("local");
    const page = await session.newPage();
    await page.goto(`/blog/${post.slug}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await hydrated(page);
    await press(page.locator(".track-box").getByRole("button", { name: /^Play / }));
    await page.waitForFunction(() => navigator.mediaSession.metadata !== null);
    const metadata = await page.evaluate(() => {
      const m = navigator.mediaSession.metadata as MediaMetadata;
      return { title: m.title, artist: m.artist, artwork: [...m.artwork] };
    });
    expect(metadata.title).toBe(post.track_title ?? post.title);
    // The demo covers are SVG files: scalable, so any size.
    expect(post.cover_image).toMatch(/\.svg$/);
    expect(metadata.artwork).toEqual([
      { src: new URL(post.cover_image as string, page.url()).href, type: "image/svg+xml", sizes: "any" },
    ]);
  });
});
