import type { ElementHandle, Frame, Locator, Page } from "playwright-core";

/** Where on the control to aim, as fractions of its width and height (the centre by default). */
export interface Aim {
  x: number;
  y: number;
}

/**
 * Presses a control the way a person does: scrolled into view, visible, enabled and standing
 * still, then a mouse click at its centre (or at `at`), and only when the element drawn at that
 * point is the control itself (or something inside it). A control covered by another element (a
 * card's stretched link, a fixed bar, an open panel) fails the test with what covers it, where a
 * forced or dispatched click would have pressed it anyway (docs/decisions/050-press-like-a-person.md).
 * A control inside an iframe is pressed through the page: the iframe must be what is drawn there.
 */
export async function press(control: Locator, options: { timeout?: number; at?: Aim } = {}): Promise<void> {
  const timeout = options.timeout ?? 10_000;
  const at = options.at ?? { x: 0.5, y: 0.5 };
  await control.waitFor({ state: "visible", timeout });
  const deadline = Date.now() + timeout;
  let last = "";
  for (;;) {
    const hit = await hitTest(control, at);
    const point = hit.ok ? await throughFrames(control, hit.x, hit.y) : hit;
    if (point.ok) {
      await control.page().mouse.click(point.x, point.y);
      return;
    }
    last = point.reason;
    if (Date.now() > deadline) throw new Error(`cannot press ${control}: ${last}`);
    // What a person waits for: a control that is still disabled, or still moving into place.
    await control.page().waitForTimeout(100);
  }
}

/** Ticks a checkbox by pressing it (or the label drawn over it), unless it is ticked already. */
export async function tick(box: Locator): Promise<void> {
  if (await box.isChecked()) return;
  await press(box);
  const deadline = Date.now() + 5_000;
  while (!(await box.isChecked())) {
    if (Date.now() > deadline) throw new Error(`pressing ${box} did not tick it`);
    await box.page().waitForTimeout(50);
  }
}

/** Chooses an option of a select as a person does: presses the select, then picks the option. */
export async function choose(select: Locator, value: string): Promise<void> {
  await press(select);
  await select.selectOption(value);
}

/** Fills a field after pressing it, as a person clicks into a field before typing. */
export async function pressAndFill(field: Locator, value: string): Promise<void> {
  await press(field);
  await field.fill(value);
}

type Hit = { ok: true; x: number; y: number } | { ok: false; reason: string };

/**
 * Scrolls the control to the middle of the window and says what is drawn at the point aimed
 * at, in the coordinates of the control's own frame. The control must not move between two
 * looks a frame or two apart: a player bar sliding in, or a panel opening, would carry it away
 * from a click aimed at where it was. (The looks are taken from here, not with
 * requestAnimationFrame in the page: a page with JavaScript off runs no callbacks.)
 */
async function hitTest(control: Locator, at: Aim): Promise<Hit> {
  const first = await look(control, at, true);
  await control.page().waitForTimeout(35);
  const second = await look(control, at, false);
  if (!first.ok || !second.ok) return second.ok ? first : second;
  if (first.x !== second.x || first.y !== second.y) return { ok: false, reason: "it is still moving" };
  return second;
}

function look(control: Locator, at: Aim, scroll: boolean): Promise<Hit> {
  return control.evaluate(
    (el, [at, scroll]) => {
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
      // A control in a fixed bar stays where it is drawn: a person does not scroll to reach it
      // (and scrolling the page could hide it, as the back-to-top button hides at the top).
      let fixed = false;
      for (let node: Element | null = el; node && !fixed; node = node.parentElement)
        fixed = getComputedStyle(node).position === "fixed";
      if (scroll && !fixed) el.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
      // A link that wraps over two lines is drawn as two boxes; the centre of the box around both
      // can fall between them. A person aims at the widest of the boxes it is drawn as.
      const box = [...el.getClientRects()].reduce<DOMRect | null>(
        (found, r) => (!found || r.width > found.width ? r : found),
        null,
      );
      if (!box || box.width < 2 || box.height < 2) return { ok: false as const, reason: "it has no size" };
      const x = box.left + box.width * at.x;
      const y = box.top + box.height * at.y;
      if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) {
        return { ok: false as const, reason: `its centre (${x}, ${y}) is off screen` };
      }
      const top = document.elementFromPoint(x, y);
      if (top && (top === el || el.contains(top))) return { ok: true as const, x, y };
      // A label presses its own field: a hit on the label of this control counts.
      if (top instanceof HTMLLabelElement && top.control === el) return { ok: true as const, x, y };
      return { ok: false as const, reason: `${describe(top)} is drawn over it at its centre` };
    },
    [at, scroll] as const,
  );
}

/**
 * The point in the page's coordinates of a point in the control's frame, when each iframe on
 * the way is what is drawn there in its parent (a covered iframe covers what is inside it).
 */
async function throughFrames(control: Locator, x: number, y: number): Promise<Hit> {
  const handle = await control.elementHandle();
  let frame: Frame | null = (await handle?.ownerFrame()) ?? null;
  await handle?.dispose();
  for (; frame?.parentFrame(); frame = frame.parentFrame()) {
    const iframe: ElementHandle = await frame.frameElement();
    const hit: Hit = await iframe.evaluate(
      (node, [x, y]) => {
        const el = node as Element;
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        const px = box.left + el.clientLeft + Number.parseFloat(style.paddingLeft) + x;
        const py = box.top + el.clientTop + Number.parseFloat(style.paddingTop) + y;
        const top = document.elementFromPoint(px, py);
        return top === el
          ? { ok: true as const, x: px, y: py }
          : { ok: false as const, reason: `its iframe is covered by <${top?.tagName.toLowerCase()}>` };
      },
      [x, y] as const,
    );
    await iframe.dispose();
    if (!hit.ok) return hit;
    ({ x, y } = hit);
  }
  return { ok: true, x, y };
}

/**
 * Presses a control that loads a new document (a form sent without JavaScript, a link of the
 * desk) and waits for that document to load. The load state of the page alone would answer for
 * the document still shown until the new one arrives.
 */
export async function pressAndLoad(page: Page, control: Locator): Promise<void> {
  const navigated = page.waitForEvent("framenavigated", { predicate: (frame) => frame === page.mainFrame() });
  await press(control);
  await navigated;
  await page.waitForLoadState();
}

/** Follows a link by pressing it, then waits for the address a person sees change. */
export async function follow(page: Page, link: Locator, to: (url: URL) => boolean): Promise<void> {
  await press(link);
  await page.waitForURL(to);
}
