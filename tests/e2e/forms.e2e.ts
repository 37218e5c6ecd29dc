import { readFileSync } from "node:fs";
import { join } from "node:path";
// @ts-expect-error: plain ESM helper shared with the start script
import { ROOT } from "@scripts/lib.mjs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { E2E_ADMIN_TOKEN } from "./admin-token";
import { axeViolations, PNG } from "./axe";
import { baseUrl, useBrowser } from "./browser";
import { open } from "./open";
import { press, pressAndLoad, tick } from "./press";

const session = useBrowser();

const MP3 = join(ROOT, "public", "media", "audio", "short-clip.mp3");

interface ListedSubmission {
  id: string;
  reference: string;
  artistName: string;
  trackTitle: string;
  status: string;
  links: string[];
  audioFile: { name: string; type: string; size: number; location: string } | null;
  artworkFile: { name: string; type: string; size: number; location: string } | null;
}

async function admin(path: string, token = E2E_ADMIN_TOKEN) {
  return fetch(`${baseUrl()}${path}`, { headers: { Authorization: `Bearer ${token}` } });
}

async function findSubmission(reference: string): Promise<ListedSubmission | undefined> {
  const res = await admin("/api/submissions?pageSize=100");
  expect(res.status).toBe(200);
  const page = (await res.json()) as { items: ListedSubmission[] };
  return page.items.find((s) => s.reference === reference);
}

function footerForm(page: Page) {
  return page.locator("section[aria-labelledby=footer-newsletter]");
}

/** The JSON the enhanced form sends to /api/newsletter when `action` runs. */
async function sentPayload(page: Page, action: () => Promise<void>) {
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith("/api/newsletter") && r.method() === "POST"),
    action(),
  ]);
  return request.postDataJSON() as Record<string, unknown>;
}

describe("newsletter 'Stay in the Loop' with JavaScript", () => {
  it("shows 'Please enter a valid email address' for an address without a dot after the @", async () => {
    const page = await session.newPage();
    await open(page, "/about");
    const footer = footerForm(page);
    await footer.getByLabel("Email address").fill("listener@localhost");
    await press(footer.getByRole("button", { name: "Subscribe" }));
    await expect.poll(() => footer.getByText("Please enter a valid email address").isVisible()).toBe(true);
    expect(await footer.getByLabel("First name").count()).toBe(0);
    expect(await footer.getByLabel("Email address").getAttribute("aria-invalid")).toBe("true");
  });

  it("opens the details step, sends the details on Complete, then clears and disables the form", async () => {
    const page = await session.newPage();
    await open(page, "/about");
    const footer = footerForm(page);
    await footer.getByLabel("Email address").fill("Complete.Fan@Example.com");
    await press(footer.getByRole("button", { name: "Subscribe" }));
    await expect.poll(() => footer.getByText("Tell us a little more (optional)").isVisible()).toBe(true);
    expect(await footer.getByText("Complete.Fan@Example.com").isVisible()).toBe(true);
    await footer.getByLabel("First name").fill("Ines");
    await footer.getByLabel("Last name").fill("Duarte");
    await footer.getByLabel("City").fill("Porto");
    const payload = await sentPayload(page, () => press(footer.getByRole("button", { name: "Complete" })));
    expect(payload).toMatchObject({
      email: "Complete.Fan@Example.com",
      firstName: "Ines",
      lastName: "Duarte",
      city: "Porto",
      source: "website_footer",
    });
    const status = footer.getByRole("status");
    await expect.poll(() => status.textContent()).toBe("Successfully subscribed!");
    const email = footer.getByLabel("Email address");
    expect(await email.inputValue()).toBe("");
    expect(await email.isDisabled()).toBe(true);
    expect(await footer.getByRole("button", { name: "Subscribe" }).isDisabled()).toBe(true);
  });

  it("opens the details step whole: picks that answer slowly do not move Complete once it shows", async () => {
    const page = await session.newPage();
    await open(page, "/about");
    // A slow phone network: the picks' answer takes a second.
    await page.route("**/api/newsletter/picks?*", async (route) => {
      await new Promise((r) => setTimeout(r, 1000));
      await route.continue();
    });
    const footer = footerForm(page);
    await footer.getByLabel("Email address").fill("whole.step@example.com");
    const subscribe = footer.getByRole("button", { name: "Subscribe" });
    await press(subscribe);
    // Meanwhile Subscribe shows it is under way and cannot be pressed twice.
    expect(await subscribe.getAttribute("aria-busy")).toBe("true");
    expect(await subscribe.isDisabled()).toBe(true);
    const complete = footer.getByRole("button", { name: "Complete" });
    await complete.waitFor({ state: "visible" });
    expect(await footer.getByText("Hear about (optional)").isVisible()).toBe(true);
    const before = await complete.boundingBox();
    await page.waitForTimeout(1500);
    expect(await complete.boundingBox()).toEqual(before);
  });

  it("subscribes with Skip without sending the details typed in, and resets after 5 s", async () => {
    const page = await session.newPage({ width: 375 });
    await open(page, "/contact");
    const footer = footerForm(page);
    await footer.getByLabel("Email address").fill("skipper@example.com");
    await press(footer.getByRole("button", { name: "Subscribe" }));
    await footer.getByLabel("First name").fill("Not sent");
    const payload = await sentPayload(page, () => press(footer.getByRole("button", { name: "Skip" })));
    expect(payload).toMatchObject({
      email: "skipper@example.com",
      firstName: null,
      lastName: null,
      city: null,
    });

    const status = footer.getByRole("status");
    await expect.poll(() => status.textContent()).toBe("Successfully subscribed!");
    const shownAt = Date.now();
    await page.waitForTimeout(4000);
    expect(await status.textContent(), "still shown at 4 s").toBe("Successfully subscribed!");
    expect(await footer.getByLabel("Email address").isDisabled()).toBe(true);
    await expect.poll(() => status.textContent(), { timeout: 3000, interval: 100 }).toBe("");
    const resetAfter = Date.now() - shownAt;
    expect(resetAfter).toBeGreaterThanOrEqual(4900);
    expect(resetAfter).toBeLessThan(6500);
    expect(await footer.getByLabel("Email address").isEnabled()).toBe(true);
  });

  it("completes with the details when Enter is pressed in a detail field", async () => {
    const page = await session.newPage();
    await open(page, "/events");
    const footer = footerForm(page);
    await footer.getByLabel("Email address").fill("enter.key@example.com");
    await footer.getByLabel("Email address").press("Enter");
    await footer.getByLabel("City").fill("Graz");
    const payload = await sentPayload(page, () => footer.getByLabel("City").press("Enter"));
    expect(payload).toMatchObject({ email: "enter.key@example.com", city: "Graz" });
    await expect.poll(() => footer.getByRole("status").textContent()).toBe("Successfully subscribed!");
  });

  it("shows the server's refusal as the error message", async () => {
    const page = await session.newPage();
    await page.route("**/api/newsletter", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: '{"error":"Sign-ups are paused"}',
      }),
    );
    session.allow(/status of 503/);
    await open(page, "/about");
    const footer = footerForm(page);
    await footer.getByLabel("Email address").fill("paused@example.com");
    await press(footer.getByRole("button", { name: "Subscribe" }));
    await press(footer.getByRole("button", { name: "Skip" }));
    await expect.poll(() => footer.getByRole("status").textContent()).toBe("Sign-ups are paused");
    // After an error the address stays, so the visitor can try again.
    expect(await footer.getByLabel("Email address").inputValue()).toBe("paused@example.com");
    expect(await footer.getByLabel("Email address").isEnabled()).toBe(true);
  });
});

describe("forms without JavaScript", () => {
  it("signs up through both newsletter steps with JavaScript off", async () => {
    const page = await session.newPage({ javaScriptEnabled: false });
    await page.goto("/blog");
    const footer = footerForm(page);
    await footer.getByLabel("Email address").fill("nojs.reader@example.com");
    await press(footer.getByRole("button", { name: "Subscribe" }));
    await page.waitForURL("**/newsletter");
    const main = page.locator("main");
    expect(await main.getByText("Tell us a little more (optional)").isVisible()).toBe(true);
    await main.getByLabel("First name").fill("Ola");
    await main.getByLabel("City").fill("Bergen");
    await pressAndLoad(page, main.getByRole("button", { name: "Complete" }));
    expect(await main.getByRole("status").textContent()).toBe("Successfully subscribed!");
    expect(await main.getByRole("link", { name: "Continue browsing" }).getAttribute("href")).toBe("/blog");
  });

  it("sends a submission with an MP3 with JavaScript off and shows its reference", async () => {
    const page = await session.newPage({ javaScriptEnabled: false });
    await page.goto("/submit/form");
    const main = page.locator("main");
    await main.getByLabel("Artist name").fill("Quiet Harbour");
    await main.getByRole("textbox", { name: "Email", exact: true }).fill("quiet@example.com");
    await main.getByLabel("Track title").fill("No Script Needed");
    await main.getByLabel(/^Audio file/).setInputFiles(MP3);
    await tick(main.getByLabel(/I agree/));
    await pressAndLoad(page, page.getByRole("button", { name: "Send submission" }));
    const reference = await page.getByTestId("submission-reference").textContent();
    expect(reference).toMatch(/^CF-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    const stored = await findSubmission(reference ?? "");
    expect(stored).toMatchObject({
      artistName: "Quiet Harbour",
      trackTitle: "No Script Needed",
      status: "pending",
      audioFile: { name: "short-clip.mp3", type: "audio/mpeg", size: readFileSync(MP3).byteLength },
    });
  });
});

describe("the submission form with JavaScript", () => {
  it("shows a message at each missing or wrong field and focuses the first", async () => {
    const page = await session.newPage();
    await open(page, "/submit/form");
    const main = page.locator("main");
    await main.getByRole("textbox", { name: "Email", exact: true }).fill("not-an-address");
    await main
      .getByLabel("Artwork")
      .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: readFileSync(MP3) });
    await press(page.getByRole("button", { name: "Send submission" }));
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("Please fix the highlighted fields and send again.");
    for (const message of [
      "Enter your artist name",
      "Please enter a valid email address",
      "Enter the track title",
      "Add a link to your music or upload an audio file",
      "The artwork must be a JPEG, PNG or WebP image",
      "Please agree so we can contact you about your submission",
    ])
      expect(await page.getByText(message, { exact: true }).isVisible(), message).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("artist_name");
    expect(await main.getByLabel("Artist name").getAttribute("aria-invalid")).toBe("true");
  });

  it("uploads a real MP3 and PNG with a progress bar, confirms with a reference the admin endpoint returns", async () => {
    const page = await session.newPage();
    await open(page, "/submit/form");
    const main = page.locator("main");
    // Slow the upload down (about 40 KB/s) so the progress bar is on screen long enough to see.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 40 * 1024,
    });
    await main.getByLabel("Artist name").fill("Marta Kovač");
    await main.getByRole("textbox", { name: "Email", exact: true }).fill("marta@example.com");
    await main.getByLabel("Track title").fill("Tidal Memory");
    await main.getByLabel("Genre").fill("Ambient");
    await main.getByLabel("City").fill("Split");
    await main.getByLabel("Links to your music").fill("https://soundcloud.com/marta/tidal-memory");
    await main.getByLabel(/^Audio file/).setInputFiles(MP3);
    await main.getByLabel("Artwork").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG });
    await main.getByLabel("Message").fill("Field recordings from the harbour.");
    await tick(main.getByLabel(/I agree/));
    // Every value the progress bar shows, as the visitor would see it change.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector("progress");
        if (bar && seen.at(-1) !== bar.value) seen.push(bar.value);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await press(page.getByRole("button", { name: "Send submission" }));

    const bar = page.getByRole("progressbar");
    await bar.waitFor({ state: "visible", timeout: 5000 });
    expect(await page.getByText(/^Uploading… \d+%$/).isVisible()).toBe(true);
    const reference = await page.getByTestId("submission-reference").textContent({ timeout: 20_000 });
    expect(reference).toMatch(/^CF-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(await page.getByRole("heading", { name: "Thank you, we've got your music" }).isVisible()).toBe(
      true,
    );
    expect(await bar.count()).toBe(0);
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    expect(seen[0]).toBe(0);
    expect(
      seen.some((v) => v > 0 && v < 100),
      `values seen: ${seen.join(", ")}`,
    ).toBe(true);

    // The admin endpoint refuses without the token and returns the submission with it.
    expect((await admin("/api/submissions", "wrong")).status).toBe(401);
    const stored = await findSubmission(reference ?? "");
    expect(stored).toMatchObject({
      artistName: "Marta Kovač",
      trackTitle: "Tidal Memory",
      status: "pending",
      links: ["https://soundcloud.com/marta/tidal-memory"],
      audioFile: { name: "short-clip.mp3", type: "audio/mpeg" },
      artworkFile: { name: "cover.png", type: "image/png", size: PNG.byteLength },
    });
    // Both files are stored byte for byte.
    const audio = await admin(`/api/uploads/${stored?.audioFile?.location}`);
    expect(audio.headers.get("content-type")).toBe("audio/mpeg");
    expect(Buffer.from(await audio.arrayBuffer()).equals(readFileSync(MP3))).toBe(true);
    const art = await admin(`/api/uploads/${stored?.artworkFile?.location}`);
    expect(Buffer.from(await art.arrayBuffer()).equals(PNG)).toBe(true);
  });
});

describe("accessibility of the forms in their states (axe-core)", () => {
  it("finds no serious or critical violation in the details step, on /newsletter and in the form with errors", async () => {
    const page = await session.newPage({ width: 375 });
    await open(page, "/about");
    const footer = footerForm(page);
    await footer.getByLabel("Email address").fill("axe@example.com");
    await press(footer.getByRole("button", { name: "Subscribe" }));
    await footer.getByLabel("First name").waitFor();
    expect(await axeViolations(page), "details step").toEqual([]);

    await open(page, "/newsletter");
    expect(await axeViolations(page), "/newsletter").toEqual([]);

    await open(page, "/submit/form");
    await press(page.getByRole("button", { name: "Send submission" }));
    await page.getByRole("alert").waitFor();
    expect(await axeViolations(page), "form with errors").toEqual([]);
  });
});
