import type { Frame, Page } from "playwright-core";

/**
 * Waits until the client app has taken over the page: React has hydrated the document and run
 * its effects, so a press reaches the component's handler and the window's key handlers (Space,
 * M, Ctrl+K) listen. A page the app does not render (the desk, an API's JSON) has nothing to
 * take over. Works on an iframe's frame as well (an embed). React marks the document it hydrates; its root says when hydration has committed.
 */
export async function hydrated(page: Page | Frame): Promise<void> {
  await page.waitForFunction(() => {
    if (!("__reactRouterContext" in window)) return true;
    const key = Object.keys(document).find((k) => k.startsWith("__reactContainer$"));
    const root = key ? (document as unknown as Record<string, { stateNode?: FiberRoot }>)[key] : undefined;
    return root?.stateNode?.current.memoizedState?.isDehydrated === false;
  });
  // The effects of a hydration run in a task React's scheduler posts through a MessageChannel
  // once it commits; a message posted now comes after it.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
}

interface FiberRoot {
  current: { memoizedState?: { isDehydrated?: boolean } };
}

/**
 * Opens a page as a person does and waits for what they wait for: the page's heading, then the
 * client app taking over (for tests that press, type into the app or use its keys). Not for the
 * window's `load` event: a person does not wait for every cover and font, and a test that did
 * would hang on the slowest of them.
 */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: "commit" });
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  await hydrated(page);
}

/** Reloads the page and waits as `open` does. */
export async function reopen(page: Page): Promise<void> {
  await page.reload({ waitUntil: "commit" });
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  await hydrated(page);
}
