import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
// @ts-expect-error: plain ESM helper shared with the start script
import { ROOT, SECRET_CANARIES } from "@scripts/lib.mjs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { E2E_ADMIN_TOKEN } from "./admin-token";
import { axeViolations } from "./axe";
import { baseUrl, useBrowser } from "./browser";
import { open } from "./open";
import { follow, pressAndLoad } from "./press";

// An editor sees a draft before anyone else (docs/decisions/154-signed-preview-links.md): from
// the review desk's Drafts page, and from `npm run content -- preview`, whose link the browser opens.
const session = useBrowser();
const MIXTAPE = "Crossfade Mix 015: Concrete Bloom";
const POST = {
  slug: "premiere-noemie-caron-crimson-motion",
  title: "Premiere: Noémie Caron – Crimson Motion",
};
const banner = (page: Page) => page.getByRole("complementary", { name: "Preview" });

async function shoot(page: Page, name: string) {
  const shots = process.env.E2E_SCREENSHOTS;
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`) });
}

describe("previewing a draft", () => {
  it("opens a draft from the desk's Drafts page with the banner, which goes on the next page", async () => {
    const page = await session.newPage();
    await page.goto("/admin");
    await page.getByLabel("Admin token").fill(E2E_ADMIN_TOKEN);
    await pressAndLoad(page, page.getByRole("button", { name: "Sign in" }));
    await pressAndLoad(
      page,
      page.getByRole("navigation", { name: "Desk" }).getByRole("link", { name: "Drafts" }),
    );
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Drafts");
    expect(await page.getByText(MIXTAPE, { exact: true }).isVisible()).toBe(true);
    expect(await axeViolations(page), "drafts").toEqual([]);
    await shoot(page, "desk-drafts-1280");

    await pressAndLoad(page, page.getByRole("link", { name: `Preview ${MIXTAPE}` }));
    await page.getByRole("heading", { level: 1, name: MIXTAPE }).waitFor();
    expect(await banner(page).textContent()).toContain("Preview: not published");
    expect(await axeViolations(page), "preview").toEqual([]);
    await shoot(page, "preview-mixtape-1280");

    // The site's own navigation leads away from the preview: the banner goes, and the list
    // the visitor sees has no draft in it.
    await follow(
      page,
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Mixtapes" }),
      (url) => url.pathname === "/mixtapes",
    );
    await page.getByRole("heading", { level: 1, name: "Mixtapes" }).waitFor();
    expect(await banner(page).count()).toBe(0);
    expect(await page.getByText(MIXTAPE).count()).toBe(0);
  });

  it("opens the link `npm run content -- preview` prints, on a phone", async () => {
    const printed = execFileSync(
      join(ROOT, "node_modules", ".bin", "tsx"),
      [
        "scripts/content/cli.ts",
        "preview",
        `posts/${POST.slug}`,
        "--persist-to",
        join(ROOT, "tests", ".artifacts", "e2e-state"),
        "--site",
        baseUrl(),
      ],
      {
        cwd: ROOT,
        encoding: "utf8",
        env: { ...process.env, PREVIEW_SECRET: SECRET_CANARIES.PREVIEW_SECRET },
      },
    ).trim();
    expect(printed).toMatch(new RegExp(`^${baseUrl()}/blog/${POST.slug}\\?preview=\\d+\\.[\\w-]{43}$`));
    const page = await session.newPage({ width: 375, height: 760, scale: 2 });
    await open(page, printed);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(POST.title);
    expect(await banner(page).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    await shoot(page, "preview-post-375");

    // The same page without the link is a missing page.
    session.allow(/status of 404/);
    const missing = await page.goto(`/blog/${POST.slug}`);
    expect(missing?.status()).toBe(404);
  });
});
