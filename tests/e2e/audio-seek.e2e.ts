import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { postWithAudio } from "./catalogue";
import { open } from "./open";
import { press } from "./press";

const session = useBrowser();

// A long MP3 (the demo clip's frames 60 times over, about 8.7 MB) stands in for an hour-long
// mix. Each answer holds at most 256 KB, as a server may, so Chromium cannot have the whole file
// before the seek and must ask for the bytes at the new position. The Worker's own answers to
// such ranges are tested in tests/worker/media-r2.test.ts.
const CLIP = "/media/audio/deep-pulse.mp3";
const clip = readFileSync(join(import.meta.dirname, "..", "..", "public", CLIP));
const long = Buffer.concat(Array.from({ length: 60 }, () => clip));
const MAX_ANSWER = 256 * 1024;

describe("seeking in a long MP3", () => {
  it("sends a Range request for the new position", async () => {
    const page = await session.newPage();
    const ranges: (string | undefined)[] = [];
    await page.route(`**${CLIP}`, async (route) => {
      const range = route.request().headers().range;
      ranges.push(range);
      const start = Number(range?.match(/^bytes=(\d+)-/)?.[1] ?? 0);
      const end = Math.min(long.length, start + MAX_ANSWER) - 1;
      await route.fulfill({
        status: 206,
        headers: {
          "Content-Type": "audio/mpeg",
          "Accept-Ranges": "bytes",
          "Content-Range": `bytes ${start}-${end}/${long.length}`,
        },
        body: long.subarray(start, end + 1),
      });
    });
    const post = postWithAudio("local", CLIP);
    await open(page, `/blog/${post.slug}`);
    await press(page.locator(".track-box").getByRole("button", { name: /^Play / }));
    const slider = page.getByRole("region", { name: "Audio player" }).getByRole("slider", { name: "Seek" });
    await expect
      .poll(async () => Number(await slider.getAttribute("aria-valuemax")), { timeout: 10_000 })
      .toBeGreaterThan(300);
    expect(ranges[0]).toMatch(/^bytes=0-/);

    // press waits until the slider stands still: the player bar slides in when playback starts,
    // and a click at coordinates read during that slide lands beside the slider.
    await press(slider, { at: { x: 0.75, y: 0.5 } });
    const starts = () => ranges.map((r) => Number(r?.match(/^bytes=(\d+)-/)?.[1] ?? -1));
    await expect.poll(() => Math.max(...starts()), { timeout: 20_000 }).toBeGreaterThan(long.length * 0.6);
  });
});
