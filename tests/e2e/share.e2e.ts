import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, useBrowser } from "./browser";
import { postWithAudio } from "./catalogue";
import { hydrated, open, reopen } from "./open";
import { press, tick } from "./press";

// Links to a moment, resuming after a reload, the share dialog and the framed embed
// (docs/product.md section 2, Sharing; docs/decisions/031).

const session = useBrowser();
const SHOTS = join(import.meta.dirname, "..", ".artifacts", "screenshots");
const post = postWithAudio("local", "/media/audio/deep-pulse.mp3");

const player = (page: Page) => page.getByRole("region", { name: "Audio player" });
const seekValue = async (page: Page) =>
  Number(await player(page).getByRole("slider", { name: "Seek" }).getAttribute("aria-valuenow"));

/** Opens the post and plays its track from the start. */
async function playPost(page: Page) {
  await open(page, `/blog/${post.slug}`);
  await press(page.locator(".track-box").getByRole("button", { name: /^Play / }));
  await player(page).waitFor();
}

/** A page of another origin (a second 127.0.0.1 port) that frames an embed. */
let host: Server;
let hostUrl = "";
beforeAll(async () => {
  host = createServer((req, res) => {
    const src = new URL(req.url ?? "/", "http://x").searchParams.get("src") ?? "";
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><title>Someone else's blog</title><body style="margin:0;background:#fff">` +
        `<p style="font:16px sans-serif;margin:8px">A post on another site</p>` +
        `<iframe src="${src}" title="Crossfade player" style="border:0;width:100%;max-width:480px;height:400px"` +
        ` allow="autoplay"></iframe></body>`,
    );
  });
  await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => host.close(() => resolve())));

describe("a link to a moment", () => {
  it("cues the track at t, paused, and the first Play starts there", async () => {
    const page = await session.newPage();
    await open(page, `/blog/${post.slug}?t=0:04`);
    await player(page).waitFor();
    await expect.poll(() => seekValue(page), { timeout: 10_000 }).toBe(4);
    expect(await player(page).getByRole("button", { name: "Play", exact: true }).count()).toBe(1);
    // The canonical URL has no moment.
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(
      new RegExp(`/blog/${post.slug}$`),
    );

    await press(player(page).getByRole("button", { name: "Play", exact: true }));
    await player(page).getByRole("button", { name: "Pause" }).waitFor();
    expect(await seekValue(page)).toBeGreaterThanOrEqual(4);
    await expect.poll(() => seekValue(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(5);
  });

  it("ignores a malformed t: the page opens and nothing is cued", async () => {
    const page = await session.newPage();
    const res = await page.goto(`/blog/${post.slug}?t=soon&track=-1`);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await hydrated(page);
    expect(res?.status()).toBe(200);
    expect(await player(page).count()).toBe(0);
  });
});

describe("resuming", () => {
  it("a reload mid-track resumes the same track at the same position", async () => {
    const page = await session.newPage();
    await playPost(page);
    await expect.poll(() => seekValue(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    const title = await player(page).locator(".player__title").textContent();
    const before = await seekValue(page);
    await reopen(page);
    await player(page).waitFor();
    expect(await player(page).locator(".player__title").textContent()).toBe(title);
    // The bar shows the kept position once the audio's length is known, as a person sees it move.
    await expect.poll(() => seekValue(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(before - 1);
    expect(await seekValue(page)).toBeLessThanOrEqual(before + 3);
  });
});

describe("the share dialog", () => {
  it("copies a link that starts at the player's time, and the embed code; Escape closes it", async () => {
    const page = await session.newPage();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await playPost(page);
    await expect.poll(() => seekValue(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await press(player(page).getByRole("button", { name: "Pause" }));

    const share = page.locator("main").getByRole("button", { name: "Share" });
    await press(share);
    const dialog = page.getByRole("dialog", { name: /^Share “/ });
    await dialog.waitFor();
    const option = dialog.locator(".share-dialog__check");
    const at = Number((await option.textContent())?.match(/^Start at 0:(\d\d)$/)?.[1]);
    expect(at).toBeGreaterThanOrEqual(1);
    const startAt = option.getByRole("checkbox", { name: /^Start at 0:\d\d$/ });
    await tick(startAt);
    await press(dialog.getByRole("button", { name: "Copy link" }));
    await dialog.getByRole("status").filter({ hasText: "Link copied to the clipboard." }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`/blog/${post.slug}\\?t=${at}s$`));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: join(SHOTS, "share-dialog-1280.png") });

    await press(dialog.getByRole("tab", { name: "Embed" }));
    const code = await dialog.getByRole("textbox", { name: "Embed code" }).inputValue();
    expect(code).toContain(`/embed/blog/${post.slug}"`);
    expect(code).toMatch(/^<iframe src="http[^"]+" title="[^"]+" width="480" height="200"/);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.screenshot({ path: join(SHOTS, "share-dialog-375.png") });

    // Focus stays inside: Tab from the last control comes back to the first.
    await dialog.getByRole("button", { name: "Copy code" }).focus();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await share.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});

describe("the embed", () => {
  it("plays inside an iframe on another origin, with no site header", async () => {
    const page = await session.newPage();
    const src = `${baseUrl()}/embed/blog/${post.slug}`;
    await page.goto(`${hostUrl}?src=${encodeURIComponent(src)}`);
    const frame = page.frameLocator('iframe[title="Crossfade player"]');
    await frame.getByRole("heading", { level: 1 }).waitFor();
    const embed = page.frame({ url: (url) => url.pathname.startsWith("/embed/") });
    if (!embed) throw new Error("the embed's frame is not in the page");
    await hydrated(embed);
    expect(await frame.locator(".site-header").count()).toBe(0);
    expect(await frame.getByRole("link", { name: /^Open on / }).getAttribute("href")).toBe(
      `/blog/${post.slug}`,
    );
    await page.screenshot({ path: join(SHOTS, "embed-framed-1280.png") });

    await press(frame.getByRole("button", { name: /^Play / }));
    await frame.getByRole("button", { name: /^Pause / }).waitFor();
    const progress = frame.getByRole("progressbar", { name: "Progress" });
    await expect
      .poll(async () => Number(await progress.getAttribute("aria-valuenow")), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(1);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.screenshot({ path: join(SHOTS, "embed-framed-375.png") });
  });

  it("shows a release's tracklist at 375 and 1280 px", async () => {
    const page = await session.newPage({ width: 1280, height: 900 });
    await open(page, "/releases");
    const href = await page.locator('a[href^="/releases/"]').first().getAttribute("href");
    await open(page, `/embed${href}`);
    expect(await page.locator(".embed__list li").count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(SHOTS, "embed-release-1280.png"), fullPage: true });
    await page.setViewportSize({ width: 375, height: 740 });
    await page.screenshot({ path: join(SHOTS, "embed-release-375.png"), fullPage: true });
  });
});
