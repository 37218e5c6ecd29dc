import { describe, expect, it } from "vitest";
import { filesUnder, readSource } from "./source-files";

/**
 * End-to-end tests press what a person presses (docs/decisions/050-press-like-a-person.md): every
 * click goes through tests/e2e/press.ts, which refuses a control covered by another element, and
 * a test waits for what a person waits for (a heading, a text, the app taking over), never for
 * the network to fall quiet.
 */
const RULES: Array<{ pattern: RegExp; what: string; except?: RegExp }> = [
  { pattern: /networkidle/, what: "waits for the network to fall quiet" },
  // press.ts is the one place that clicks: at the point its hit test found.
  { pattern: /\.(?:click|dblclick|tap|check|uncheck|setChecked)\(/, what: "clicks without press()" },
  // A forced click skips the checks a person's click is subject to; a file system call's
  // `force` (rmSync of the e2e state) is another thing.
  { pattern: /\bforce:\s*true/, what: "forces an action", except: /\brm(?:Sync)?\(/ },
  {
    pattern:
      /(?:dispatchEvent\(\s*|Event\(\s*)["'`](?:click|dblclick|mousedown|mouseup|pointerdown|pointerup|touchstart|touchend)["'`]/,
    what: "dispatches a click",
  },
];

const PRESS = "tests/e2e/press.ts";

/** Every line of an e2e file that clicks, forces or waits as a person would not, as `file:line: what`. */
export function unlikeAPerson(file: string, text: string): string[] {
  const found: string[] = [];
  text.split("\n").forEach((line, i) => {
    for (const rule of RULES) {
      if (!rule.pattern.test(line) || rule.except?.test(line)) continue;
      if (file === PRESS && rule.what === "clicks without press()") continue;
      found.push(`${file}:${i + 1}: ${rule.what}: ${line.trim()}`);
    }
  });
  return found;
}

describe("end-to-end tests press and wait as a person does", () => {
  it("flags a networkidle wait, a click, tap or check beside press(), a forced action and a dispatched click", () => {
    const example = [
      'await page.goto("/blog", { waitUntil: "networkidle" });',
      'await page.getByRole("button", { name: "Play" }).click();',
      "await row.getByRole('checkbox').check();",
      "await button.tap();",
      "await button.click({ force: true });",
      'await button.dispatchEvent("click");',
      'el.dispatchEvent(new MouseEvent("click", { bubbles: true }));',
      'await open(page, "/blog");',
      'await press(page.getByRole("button", { name: "Play" }));',
      'window.dispatchEvent(new Event("vite:preloadError"));',
      "rmSync(persistTo, { recursive: true, force: true });",
    ].join("\n");
    expect(unlikeAPerson("tests/e2e/example.e2e.ts", example).map((p) => p.split(": ")[0])).toEqual([
      "tests/e2e/example.e2e.ts:1",
      "tests/e2e/example.e2e.ts:2",
      "tests/e2e/example.e2e.ts:3",
      "tests/e2e/example.e2e.ts:4",
      "tests/e2e/example.e2e.ts:5",
      "tests/e2e/example.e2e.ts:5",
      "tests/e2e/example.e2e.ts:6",
      "tests/e2e/example.e2e.ts:7",
    ]);
  });

  it("lets press.ts click the mouse, and nothing else", () => {
    const click = "await control.page().mouse.click(point.x, point.y);";
    expect(unlikeAPerson(PRESS, click)).toEqual([]);
    expect(unlikeAPerson("tests/e2e/open.ts", click)).toHaveLength(1);
  });

  it("finds none in tests/e2e", () => {
    const files = filesUnder("tests/e2e", () => true);
    expect(files).toContain(PRESS);
    expect(files.flatMap((file) => unlikeAPerson(file, readSource(file)))).toEqual([]);
  });
});
