import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { published } from "./catalogue";
import { hydrated } from "./open";
import { press } from "./press";

const session = useBrowser();

describe("the share dialog's embed code", () => {
  for (const width of [375, 1280]) {
    it(`offers the compact one-row player beside the full card at ${width} px`, async () => {
      const release = published.releases[0];
      if (!release) throw new Error("the demo catalogue has no release");
      const page = await session.newPage({ width, height: width > 1000 ? 900 : 760 });
      await page.goto(`/releases/${release.slug}`);
      await page.getByRole("heading", { level: 1, name: release.title }).waitFor();
      await hydrated(page);
      await press(page.locator("main").getByRole("button", { name: "Share" }));
      const dialog = page.getByRole("dialog", { name: /^Share “/ });
      await press(dialog.getByRole("tab", { name: "Embed" }));
      const code = dialog.getByRole("textbox", { name: "Embed code" });
      expect(await code.inputValue()).toMatch(
        new RegExp(`^<iframe src="http[^"]+/embed/releases/${release.slug}" [^>]*width="480" height="400"`),
      );
      expect(await dialog.getByRole("radio", { name: "Full card" }).isChecked()).toBe(true);
      await press(dialog.getByRole("radio", { name: "Compact, one row" }));
      await expect
        .poll(() => code.inputValue())
        .toMatch(
          new RegExp(
            `^<iframe src="http[^"]+/embed/releases/${release.slug}\\?size=compact" [^>]*height="120"`,
          ),
        );
    });
  }
});
