import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { open } from "./open";
import { press, tick } from "./press";

const session = useBrowser();

describe("the Ctrl/Cmd+K search modal", () => {
  it("toggles with Ctrl+K, starts empty, and gives focus back when it closes", async () => {
    const page = await session.newPage();
    await open(page, "/about");
    const opener = page.getByRole("link", { name: "Contact" }).first();
    await opener.focus();
    await page.keyboard.press("Control+k");
    const dialog = page.getByRole("dialog", { name: "Search" });
    await dialog.waitFor();
    expect(await dialog.getByText("Start typing to search...").isVisible()).toBe(true);
    const input = dialog.getByRole("combobox");
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Control+k");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
    // Escape closes it too, and Cmd+K (Meta) opens it.
    await page.keyboard.press("Meta+k");
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  });

  it("opens from the header's search button", async () => {
    const page = await session.newPage();
    await open(page, "/blog");
    await press(page.getByRole("link", { name: "Search (Ctrl+K)" }));
    await page.getByRole("dialog", { name: "Search" }).waitFor();
    expect(page.url()).toMatch(/\/blog$/);
  });

  it("suggests after two characters, not one; arrows and Enter open a suggestion", async () => {
    const page = await session.newPage();
    await open(page, "/mixtapes");
    const requests: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/suggest")) requests.push(r.url());
    });
    await page.keyboard.press("Control+k");
    const dialog = page.getByRole("dialog", { name: "Search" });
    const input = dialog.getByRole("combobox");
    await input.pressSequentially("b");
    await page.waitForTimeout(600);
    expect(requests).toEqual([]);
    expect(await dialog.getByRole("option").count()).toBe(0);
    await input.pressSequentially("jorn");
    const options = dialog.getByRole("option");
    await options.first().waitFor();
    // One request for the whole word: the 300 ms pause swallowed the keystrokes in between.
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0] ?? "").searchParams.get("limit")).toBe("8");
    // Eight posts and mixtapes at most, and up to three artists above them.
    expect(await options.count()).toBeLessThanOrEqual(8 + 3);
    const first = (await options.first().textContent()) ?? "";
    expect(first).toMatch(/^Björn Åström\s*Artist/);
    await input.press("ArrowDown");
    expect(await options.first().getAttribute("aria-selected")).toBe("true");
    await input.press("Enter");
    await page.waitForURL(/\/artists\/bjorn-astrom$/);
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("heading", { level: 1, name: "Björn Åström" }).waitFor();
  });

  it("Enter on the query goes to the results page, and not for an empty query", async () => {
    const page = await session.newPage();
    await open(page, "/releases");
    await page.keyboard.press("Control+k");
    const input = page.getByRole("dialog", { name: "Search" }).getByRole("combobox");
    await input.fill("   ");
    await input.press("Enter");
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe("/releases");
    await input.fill("techn");
    await input.press("Enter");
    await page.waitForURL("**/search?q=techn");
    // The URL changes when the navigation commits to history, a frame before React renders it.
    await page.getByRole("heading", { level: 1, name: "Results for “techn”" }).waitFor();
    expect(await page.locator("mark").count()).toBeGreaterThan(0);
  });
});

describe("the results page", () => {
  it("shows the results before the facets on a phone, in the document too, and the facets beside them on a desktop", async () => {
    const phone = await session.newPage({ width: 375, height: 812 });
    // A page painted before its last bytes arrive shows what came first: the results, never the
    // facets where the results are about to be (no layout shift when they arrive).
    const served = await (await phone.request.get("/search?q=techno")).text();
    expect(served.indexOf('class="search-results"')).toBeGreaterThan(0);
    expect(served.indexOf('class="search-results"')).toBeLessThan(served.indexOf('class="search-filters"'));
    await phone.goto("/search?q=techno");
    const results = await phone.locator(".search-results").boundingBox();
    const facets = await phone.getByRole("complementary", { name: "Filters" }).boundingBox();
    expect(results && facets && results.y + results.height <= facets.y).toBe(true);

    const desktop = await session.newPage({ width: 1280, height: 900 });
    await desktop.goto("/search?q=techno");
    const wideResults = await desktop.locator(".search-results").boundingBox();
    const wideFacets = await desktop.getByRole("complementary", { name: "Filters" }).boundingBox();
    expect(wideFacets && wideResults && wideFacets.x + wideFacets.width <= wideResults.x).toBe(true);
    expect(Math.abs((wideFacets?.y ?? 0) - (wideResults?.y ?? 1))).toBeLessThan(2);
  });

  it("filters by a facet, narrowing the results and the URL", async () => {
    const page = await session.newPage();
    await open(page, "/search?q=techno");
    const summary = page.locator(".search-summary");
    const before = Number.parseInt((await summary.textContent()) ?? "0", 10);
    const genres = page.getByRole("group", { name: "Locations" });
    const berlin = genres.getByRole("checkbox", { name: /Berlin/ });
    const count = Number(await berlin.locator("xpath=..").locator(".facet__count").textContent());
    await tick(berlin);
    await page.waitForURL(/location=berlin/);
    await expect.poll(async () => Number.parseInt((await summary.textContent()) ?? "0", 10)).toBe(count);
    expect(count).toBeLessThan(before);
    for (const text of await page.locator(".result__title").allTextContents()) expect(text).not.toBe("");
    // The URL is shareable: opening it shows the same narrowed results.
    const shared = await session.newPage();
    await open(shared, page.url());
    expect(await shared.locator(".search-summary").textContent()).toMatch(new RegExp(`^${count} result`));
    expect(await shared.getByRole("checkbox", { name: /Berlin/ }).isChecked()).toBe(true);
  });

  it("refines as the visitor types, after a pause, and updates the URL", async () => {
    const page = await session.newPage();
    await open(page, "/search?q=berlin");
    const input = page.getByRole("searchbox", { name: "Search" });
    await input.fill("tbilisi");
    await page.waitForURL(/q=tbilisi/);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("Results for “tbilisi”");
    expect(await page.locator(".result mark").first().textContent()).toMatch(/tbilisi/i);
  });

  it("renders results on the server with JavaScript disabled", async () => {
    const page = await session.newPage({ javaScriptEnabled: false });
    await page.goto("/search?q=bjorn", { waitUntil: "load" });
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Results for “bjorn”");
    expect(await page.locator(".result").count()).toBeGreaterThan(0);
    expect(await page.locator(".result mark").first().textContent()).toBe("Björn");
    // The facet form works without JavaScript: tick and apply.
    await tick(page.getByRole("checkbox", { name: /Featured only/ }));
    await press(page.getByRole("button", { name: "Apply filters" }));
    await page.waitForURL(/featured=true/);
  });

  it("shows a query with <script> as text and runs nothing", async () => {
    const page = await session.newPage();
    let dialogs = 0;
    page.on("dialog", async (d) => {
      dialogs++;
      await d.dismiss();
    });
    const evil = `<script>alert(1)</script><img src=x onerror=alert(2)>`;
    await open(page, `/search?q=${encodeURIComponent(evil)}`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(`Results for “${evil}”`);
    expect(await page.locator("main img[src=x]").count()).toBe(0);
    expect(dialogs).toBe(0);
    await page.keyboard.press("Control+k");
    const input = page.getByRole("dialog", { name: "Search" }).getByRole("combobox");
    await input.fill("<img src=x onerror=alert(3)>");
    await page.waitForTimeout(700);
    expect(dialogs).toBe(0);
  });
});

describe("suggestions elsewhere", () => {
  it("the home page's search suggests at most five", async () => {
    const page = await session.newPage();
    await open(page, "/");
    const input = page.getByRole("combobox").first();
    await input.fill("de");
    const options = page.getByRole("option");
    await options.first().waitFor();
    expect(await options.count()).toBeLessThanOrEqual(5);
  });

  it("stop after three failures in a row", async () => {
    const page = await session.newPage();
    session.allow(/status of 503/);
    let calls = 0;
    await page.route("**/api/suggest**", async (route) => {
      calls++;
      await route.fulfill({ status: 503, body: "{}" });
    });
    await open(page, "/about");
    await page.keyboard.press("Control+k");
    const input = page.getByRole("dialog", { name: "Search" }).getByRole("combobox");
    for (const word of ["ab", "abc", "abcd", "abcde", "abcdef"]) {
      await input.fill(word);
      await page.waitForTimeout(450);
    }
    expect(calls).toBe(3);
  });
});
