import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { baseUrl, watchRequests } from "./browser";
import { published } from "./catalogue";
import { hydrated } from "./open";
import { press } from "./press";

// An embed on another site, in a browser that blocks third-party storage (Chromium's "Block
// third-party cookies", which also denies a third-party frame sessionStorage and localStorage):
// it must run without an error (docs/decisions/031).

const mixtape = published.mixtapes.find((m) => m.audio_file && m.tracklist.length > 0);
if (!mixtape) throw new Error("the demo catalogue has no mixtape with its own audio and a tracklist");

let host: Server;
let hostUrl: string;
let context: BrowserContext;
let profile: string;
const problems: string[] = [];

beforeAll(async () => {
  // Another site: localhost, where the embed is served from 127.0.0.1.
  // /?embed=<query>&height=<px>: the page frames the mixtape's embed with that query.
  host = createServer((req, res) => {
    const ask = new URL(req.url ?? "/", "http://host");
    const query = ask.searchParams.get("embed") ?? "";
    const height = Number(ask.searchParams.get("height") ?? 420);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end(
      `<!doctype html><html lang="en"><title>A music blog</title><body style="margin:8px"><h1>A music blog</h1>` +
        `<iframe title="Crossfade player" src="${baseUrl()}/embed/mixtapes/${mixtape.slug}${query ? `?${query}` : ""}" ` +
        `style="border:0;width:min(480px,100%)" height="${height}"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
  const address = host.address();
  if (!address || typeof address === "string") throw new Error("the host page has no port");
  hostUrl = `http://localhost:${address.port}/`;
  profile = mkdtempSync(join(tmpdir(), "crossfade-third-party-"));
  mkdirSync(join(profile, "Default"));
  writeFileSync(
    join(profile, "Default", "Preferences"),
    JSON.stringify({ profile: { block_third_party_cookies: true, cookie_controls_mode: 1 } }),
  );
  context = await chromium.launchPersistentContext(profile, {
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--autoplay-policy=no-user-gesture-required"],
    userAgent:
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
    viewport: { width: 1280, height: 900 },
  });
});

afterAll(async () => {
  await context?.close();
  await new Promise((resolve) => host?.close(resolve));
  rmSync(profile, { recursive: true, force: true });
});

describe("an embed framed by another site", () => {
  it("loads and plays with third-party storage blocked, without an error", async () => {
    const page = await context.newPage();
    page.on("console", (m) => m.type() === "error" && problems.push(`console.error: ${m.text()}`));
    page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
    const requests = watchRequests(page);
    onTestFailed(() => console.warn(`requests of the framing page:\n  ${requests().join("\n  ")}`));
    // Not the window's load, which waits for every file of the frame: the frame's heading.
    await page.goto(hostUrl, { waitUntil: "commit" });
    const frame = page.frameLocator("iframe");
    await frame.getByRole("heading", { name: mixtape.title }).waitFor();
    // The browser does deny the frame its storage: the test would pass for nothing otherwise.
    const embed = page.frames().find((f) => f.url().includes("/embed/"));
    expect(
      await embed?.evaluate(() => {
        try {
          return `readable (${sessionStorage.length})`;
        } catch (error) {
          return (error as Error).name;
        }
      }),
    ).toBe("SecurityError");
    if (embed) await hydrated(embed);
    await press(frame.getByRole("button", { name: /^Play/ }).first());
    await frame
      .getByRole("button", { name: /^Pause/ })
      .first()
      .waitFor();
    expect(problems).toEqual([]);
  });

  for (const width of [375, 1280]) {
    it(`the compact light embed is one 120 px row at ${width} px and starts where its t says`, async () => {
      const page = await context.newPage();
      await page.setViewportSize({ width, height: 500 });
      page.on("console", (m) => m.type() === "error" && problems.push(`console.error: ${m.text()}`));
      page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
      await page.goto(`${hostUrl}?embed=${encodeURIComponent("size=compact&theme=light&t=12")}&height=120`, {
        waitUntil: "commit",
      });
      const frame = page.frameLocator("iframe");
      await frame.getByRole("heading", { name: mixtape.title }).waitFor();
      const embed = page.frames().find((f) => f.url().includes("/embed/"));
      if (embed) await hydrated(embed);
      const card = frame.locator("article.embed");
      expect(await card.evaluate((el) => Math.round(el.getBoundingClientRect().height))).toBe(120);
      expect(await card.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(255, 255, 255)");
      expect(await frame.locator(".embed__list").count()).toBe(0);
      // The progress bar is drawn through the mix's waveform (the Worker draws it from its peaks).
      const bar = frame.getByRole("progressbar", { name: "Progress" });
      expect(await bar.evaluate((el) => getComputedStyle(el).maskImage)).toMatch(
        /^url\(".*\/media\/audio\/demo-mix\.waveform\.svg"\)/,
      );
      // The title leads to the page (one row has no room for a link of its own).
      const title = frame.getByRole("link", { name: `${mixtape.title} (Open on Crossfade)` });
      expect(await title.getAttribute("href")).toBe(`/mixtapes/${mixtape.slug}`);
      await press(frame.getByRole("button", { name: /^Play/ }).first());
      const progress = frame.getByRole("progressbar", { name: "Progress" });
      await expect
        .poll(async () => Number(await progress.getAttribute("aria-valuenow")))
        .toBeGreaterThanOrEqual(12);
      if (process.env.E2E_SCREENSHOTS) {
        mkdirSync(process.env.E2E_SCREENSHOTS, { recursive: true });
        await page.screenshot({ path: join(process.env.E2E_SCREENSHOTS, `embed-compact-${width}.png`) });
      }
      expect(problems).toEqual([]);
    });
  }
});
