import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { open } from "./open";
import { press } from "./press";

const session = useBrowser();

describe("header navigation", () => {
  it("clicking a header link navigates, highlights the link and resets the scroll", async () => {
    const page = await session.newPage();
    await open(page, "/about");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);

    const nav = page.getByRole("navigation", { name: "Main" });
    await press(nav.getByRole("link", { name: "Blog" }));
    await page.waitForURL("**/blog");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Blog");
    expect(await nav.getByRole("link", { name: "Blog" }).getAttribute("aria-current")).toBe("page");
    expect(await nav.getByRole("link", { name: "About" }).getAttribute("aria-current")).toBeNull();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  it("the back-to-top button appears after 300 px of scroll and returns to the top", async () => {
    const page = await session.newPage({ height: 700 });
    await open(page, "/blog");
    const button = page.getByRole("button", { name: "Back to top" });
    expect(await button.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 200));
    await page.waitForTimeout(100);
    expect(await button.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 800));
    await button.waitFor();
    await press(button);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  it("the mobile menu has the links plus Login and closes when a link is chosen", async () => {
    const page = await session.newPage({ width: 375, height: 740 });
    await open(page, "/contact");
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
    const toggle = page.getByRole("button", { name: "Open menu" });
    await press(toggle);
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await menu.waitFor({ state: "visible" });
    const labels = await menu.getByRole("listitem").allTextContents();
    expect(labels).toEqual([
      "Home",
      "Blog",
      "Mixtapes",
      "Releases",
      "Submit Music",
      "About",
      "Contact",
      "Login",
    ]);
    expect(await menu.getByRole("link", { name: "Contact" }).getAttribute("aria-current")).toBe("page");
    await press(menu.getByRole("link", { name: "Mixtapes" }));
    await page.waitForURL("**/mixtapes");
    await menu.waitFor({ state: "hidden" });
    expect(await page.getByRole("button", { name: "Open menu" }).getAttribute("aria-expanded")).toBe("false");
  });

  it("the login button only logs to the console", async () => {
    const page = await session.newPage();
    await open(page, "/about");
    const logged = page.waitForEvent("console", (msg) => msg.type() === "log");
    await press(page.getByRole("button", { name: "Login" }));
    expect((await logged).text()).toMatch(/login/i);
    expect(new URL(page.url()).pathname).toBe("/about");
  });

  it("a failed page load shows the page error, and Refresh Page reloads it", async () => {
    const page = await session.newPage();
    // The dropped request is logged by the browser and by the error boundary.
    session.allow(/Failed to load resource|Failed to fetch|ERR_FAILED|TypeError/);
    await open(page, "/about");
    // The next client navigation's data request fails, as on a dropped connection.
    await page.route("**/mixtapes.data*", (route) => route.abort("failed"));
    await press(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Mixtapes" }));
    await page.getByRole("heading", { name: "Something went wrong" }).waitFor();
    expect(await page.getByText("We're sorry, but there was an error loading this content.").count()).toBe(1);
    await page.unroute("**/mixtapes.data*");
    await press(page.getByRole("button", { name: "Refresh Page" }));
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Mixtapes");
  });
});
