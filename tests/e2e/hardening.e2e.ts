import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { baseUrl, useBrowser } from "./browser";
import { published } from "./catalogue";
import { hydrated, open } from "./open";
import { press } from "./press";

const session = useBrowser();

interface Envelope {
  items: { header: { type?: string }; payload: unknown }[];
}
interface BrowserEvent {
  release?: string;
  environment?: string;
  tags?: Record<string, string>;
  exception?: {
    values?: {
      type?: string;
      value?: string;
      mechanism?: { type?: string };
      stacktrace?: { frames?: unknown[] };
    }[];
  };
}

/** The events the Sentry stand-in received from browsers (through the Worker's tunnel). */
async function browserEvents(): Promise<BrowserEvent[]> {
  const envelopes = (await (await fetch(`${inject("sentryStandIn")}/received`)).json()) as Envelope[];
  return envelopes
    .flatMap((e) => e.items)
    .filter((i) => i.header.type === "event")
    .map((i) => i.payload as BrowserEvent)
    .filter((e) => e.tags?.runtime === "browser");
}

async function reportedWith(message: string): Promise<BrowserEvent | undefined> {
  let found: BrowserEvent | undefined;
  await expect
    .poll(
      async () => {
        found = (await browserEvents()).find((e) => e.exception?.values?.[0]?.value?.includes(message));
        return Boolean(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found;
}

/** Records CSP violations from the first script on, before the page's own scripts run. */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

describe("the Content-Security-Policy in Chromium", () => {
  it("blocks nothing the site itself uses: pages hydrate and navigate without a violation", async () => {
    const page = await session.newPage();
    const violations = await watchCsp(page);
    const post = published.posts[0];
    for (const path of [
      "/",
      "/blog",
      `/blog/${post?.slug}`,
      "/mixtapes",
      "/releases",
      "/events",
      "/search?q=techno",
    ]) {
      await open(page, path);
      expect(await violations(), path).toEqual([]);
    }
    // Hydrated: a client navigation works (React Router's scripts ran under the policy).
    await open(page, "/about");
    await press(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }));
    await page.waitForURL("**/blog");
    expect(await violations()).toEqual([]);
    // The nonce is hidden from the DOM, as browsers do for nonced scripts.
    expect(await page.evaluate(() => document.querySelector("script[nonce]")?.getAttribute("nonce"))).toBe(
      "",
    );
  });
});

describe("headers of static files (served by Workers assets, public/_headers)", () => {
  it("carry nosniff, HSTS and the referrer policy", async () => {
    const res = await fetch(`${baseUrl()}/favicon.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Strict-Transport-Security")).toMatch(/max-age=31536000/);
    expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect((await fetch(`${baseUrl()}/_headers`)).status).toBe(404);
  });
});

describe("errors in the browser reach error reporting through /api/monitoring", () => {
  it("an uncaught error arrives with its message, stack, release and environment", async () => {
    const page = await session.newPage();
    session.allow(/e2e uncaught/);
    await open(page, "/about");
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error("e2e uncaught 7f3a");
      });
    });
    const event = await reportedWith("e2e uncaught 7f3a");
    expect(event?.exception?.values?.[0]?.mechanism?.type).toBe("onerror");
    expect(event?.exception?.values?.[0]?.stacktrace?.frames?.length).toBeGreaterThan(0);
    expect(event?.release).toBe("0.1.0");
    expect(event?.environment).toBe("development");
  });

  it("an unhandled promise rejection arrives", async () => {
    const page = await session.newPage();
    session.allow(/e2e rejection/);
    await open(page, "/about");
    await page.evaluate(() => {
      void Promise.reject(new Error("e2e rejection 91bc"));
    });
    const event = await reportedWith("e2e rejection 91bc");
    expect(event?.exception?.values?.[0]?.mechanism?.type).toBe("onunhandledrejection");
  });

  it("an error a route error boundary catches arrives, and the visitor sees the page error", async () => {
    const page = await session.newPage();
    session.allow(/Failed to load resource|Failed to fetch|ERR_FAILED|TypeError/);
    await open(page, "/about");
    await page.route("**/releases.data*", (route) => route.abort("failed"));
    await press(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Releases" }));
    await page.getByRole("heading", { name: "Something went wrong" }).waitFor();
    await expect
      .poll(
        async () =>
          (await browserEvents()).some((e) => e.exception?.values?.[0]?.mechanism?.type === "error-boundary"),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
  });

  it("a failed lazy chunk load reloads the page once; a second failure soon after is reported instead", async () => {
    const page = await session.newPage();
    session.allow(/chunk e2e/);
    await open(page, "/about");
    const preloadError = (message: string) =>
      page.evaluate((m) => {
        // What Vite's preload helper dispatches when a dynamic import's chunk fails to load.
        const event = new Event("vite:preloadError", { cancelable: true }) as Event & { payload?: Error };
        event.payload = new Error(m);
        window.dispatchEvent(event);
        return event.defaultPrevented;
      }, message);
    const reloaded = page.waitForEvent("load");
    expect(await preloadError("chunk e2e first")).toBe(true);
    await reloaded;
    await hydrated(page);
    let reloadedAgain = false;
    page.on("load", () => {
      reloadedAgain = true;
    });
    expect(await preloadError("chunk e2e second")).toBe(false);
    const event = await reportedWith("chunk e2e second");
    expect(event?.exception?.values?.[0]?.mechanism?.type).toBe("vite:preloadError");
    expect(reloadedAgain).toBe(false);
  });
});

describe("reflected input never executes", () => {
  const PAYLOADS = [
    "<script>window.__xss=1</script>",
    '"><img src=x onerror="window.__xss=1">',
    "<svg onload=window.__xss=1>",
    "javascript:window.__xss=1",
    "</title><script>window.__xss=1</script>",
  ];
  const PLACES = [
    (p: string) => `/search?q=${encodeURIComponent(p)}`,
    (p: string) => `/blog/${encodeURIComponent(p)}`,
    (p: string) => `/blog/tag/${encodeURIComponent(p)}`,
    (p: string) => `/blog?category=${encodeURIComponent(p)}&page=${encodeURIComponent(p)}`,
    (p: string) => `/${encodeURIComponent(p)}`,
    (p: string) => `/api/search?q=${encodeURIComponent(p)}`,
  ];

  it(`${PAYLOADS.length * PLACES.length} payloads in the search box, route parameters and query strings`, async () => {
    const page = await session.newPage();
    // Not-found pages are logged by the browser as failed document loads.
    session.allow(/status of 404|status of 400/);
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    for (const payload of PAYLOADS) {
      for (const place of PLACES) {
        const url = place(payload);
        await page.goto(url);
        // Long enough for anything injected to have run: the document loaded, the app took over.
        await hydrated(page);
        expect(
          await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
          url,
        ).toBeUndefined();
      }
    }
    // The search page shows the visitor's text as text.
    await open(page, `/search?q=${encodeURIComponent(PAYLOADS[0] ?? "")}`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain("<script>");
    expect(dialogs).toEqual([]);
  });
});
