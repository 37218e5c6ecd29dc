import type { Locator, Page } from "playwright-core";

/**
 * Presses a control the way a person does: scrolled into view, visible and enabled, then a mouse
 * click at its centre, and only when the element drawn at that point is the control itself (or
 * something inside it). A control covered by another element (a card's stretched link, a fixed
 * bar, an open panel) fails the test with what covers it, where a forced or dispatched click
 * would have pressed it anyway (docs/decisions/050-press-like-a-person.md).
 */
export async function press(control: Locator, options: { timeout?: number } = {}): Promise<void> {
  const timeout = options.timeout ?? 10_000;
  await control.waitFor({ state: "visible", timeout });
  const deadline = Date.now() + timeout;
  let last = "";
  for (;;) {
    const hit = await hitTest(control);
    if (hit.ok) {
      const onPage = await onThePage(control, hit.x, hit.y);
      if (onPage.ok) {
        await control.page().mouse.click(onPage.x, onPage.y);
        return;
      }
      last = onPage.reason;
    } else last = hit.reason;
    if (Date.now() > deadline) throw new Error(`cannot press ${control}: ${last}`);
    // What a person waits for: a control that is still disabled, or still moving into place.
    await control.page().waitForTimeout(100);
  }
}

/** Fills a field after pressing it, as a person clicks into a field before typing. */
export async function pressAndFill(field: Locator, value: string): Promise<void> {
  await press(field);
  await field.fill(value);
}

type Hit = { ok: true; x: number; y: number } | { ok: false; reason: string };

/** Scrolls the control to the middle of the window and says what is drawn at its centre. */
async function hitTest(control: Locator): Promise<Hit> {
  return control.evaluate((el) => {
    const describe = (node: Element | null) => {
      if (!node) return "nothing";
      const id = node.id ? `#${node.id}` : "";
      const cls =
        typeof node.className === "string" && node.className
          ? `.${node.className.trim().split(/\s+/).join(".")}`
          : "";
      const text = (node.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      return `<${node.tagName.toLowerCase()}${id}${cls}> "${text}"`;
    };
    if ((el as HTMLButtonElement).disabled) return { ok: false as const, reason: "it is disabled" };
    el.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
    // A link that wraps over two lines is drawn as two boxes; the centre of the box around both
    // can fall between them. A person aims at the widest of the boxes it is drawn as.
    const box = [...el.getClientRects()].reduce<DOMRect | null>(
      (widest, r) => (!widest || r.width > widest.width ? r : widest),
      null,
    );
    if (!box || box.width < 2 || box.height < 2) return { ok: false as const, reason: "it has no size" };
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) {
      return { ok: false as const, reason: `its centre (${x}, ${y}) is off screen` };
    }
    const top = document.elementFromPoint(x, y);
    if (top && (top === el || el.contains(top))) return { ok: true as const, x, y };
    // A label presses its own field: a hit on the label of this control counts.
    if (top instanceof HTMLLabelElement && top.control === el) return { ok: true as const, x, y };
    return { ok: false as const, reason: `${describe(top)} is drawn over it at its centre` };
  });
}

/**
 * A point of the control's frame as a point of the page: a control inside an iframe (an embed on
 * another site) is offset by the frame's content box, and the frame itself must be what is
 * drawn at that point of the page.
 */
async function onThePage(control: Locator, x: number, y: number): Promise<Hit> {
  const handle = await control.elementHandle();
  const frame = await handle?.ownerFrame();
  await handle?.dispose();
  if (!frame?.parentFrame()) return { ok: true, x, y };
  const element = await frame.frameElement();
  const box = await element.boundingBox();
  if (!box) return { ok: false, reason: "its frame is not drawn" };
  const [left, top] = await element.evaluate((el) => [(el as Element).clientLeft, (el as Element).clientTop]);
  const point = { x: box.x + (left ?? 0) + x, y: box.y + (top ?? 0) + y };
  const drawn = await element.evaluate((el, p) => document.elementFromPoint(p.x, p.y) === el, point);
  return drawn
    ? { ok: true, ...point }
    : { ok: false, reason: "something on the page is drawn over its frame" };
}

/** Follows a link by pressing it, then waits for the address a person sees change. */
export async function follow(page: Page, link: Locator, to: (url: URL) => boolean): Promise<void> {
  await press(link);
  await page.waitForURL(to);
}
