import { type Browser, type BrowserContext, chromium, type Page, type Request } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, inject, onTestFailed } from "vitest";

export const baseUrl = () => inject("baseUrl");

/**
 * A normal desktop user agent: isbot() counts HeadlessChrome as a bot, and bots get the whole
 * document at once instead of a stream (docs/decisions/001).
 */
const USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--autoplay-policy=no-user-gesture-required",
];

export interface Session {
  browser: Browser;
  /** Console errors and page errors seen so far; every test ends with none (docs/conventions.md). */
  problems: string[];
  /**
   * Lets the current test expect one kind of console error, such as the browser's own line for
   * a document answered with 404. Anything else still fails it.
   */
  allow(pattern: RegExp): void;
  newPage(options?: {
    width?: number;
    height?: number;
    /** The device's pixel ratio (a phone's is 3). */
    scale?: number;
    javaScriptEnabled?: boolean;
  }): Promise<Page>;
}

/**
 * Keeps the page's requests still unanswered: a test that times out prints them (and any answer
 * that took more than five seconds), so a hang can be told from a slow machine.
 */
export function watchRequests(page: Page): () => string[] {
  const pending = new Map<Request, number>();
  const slow: string[] = [];
  page.on("request", (request) => pending.set(request, Date.now()));
  const settle = (request: Request) => {
    const started = pending.get(request);
    pending.delete(request);
    if (started !== undefined && Date.now() - started > 5_000)
      slow.push(`${request.method()} ${request.url()} took ${Date.now() - started} ms`);
  };
  page.on("requestfinished", settle);
  page.on("requestfailed", settle);
  return () => [
    ...slow,
    ...[...pending].map(
      ([r, started]) => `${r.method()} ${r.url()} unanswered after ${Date.now() - started} ms`,
    ),
  ];
}

/** Launches Chromium for a test file and fails any test that logs an error. */
export function useBrowser(): Session {
  const contexts: BrowserContext[] = [];
  const allowed: RegExp[] = [];
  const session: Session = {
    browser: undefined as unknown as Browser,
    problems: [],
    allow(pattern) {
      allowed.push(pattern);
    },
    async newPage({ width = 1280, height = 900, scale = 1, javaScriptEnabled = true } = {}) {
      const context = await session.browser.newContext({
        viewport: { width, height },
        deviceScaleFactor: scale,
        userAgent: USER_AGENT,
        javaScriptEnabled,
        baseURL: baseUrl(),
      });
      contexts.push(context);
      const page = await context.newPage();
      const requests = watchRequests(page);
      onTestFailed(() => {
        const lines = requests();
        if (lines.length) console.warn(`requests of ${page.url()}:\n  ${lines.join("\n  ")}`);
      });
      page.on("console", (msg) => {
        if (msg.type() === "error") session.problems.push(`console.error: ${msg.text()}`);
      });
      page.on("pageerror", (err) => session.problems.push(`pageerror: ${err.message}`));
      return page;
    },
  };
  beforeAll(async () => {
    session.browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: FLAGS });
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    const problems = session.problems.splice(0).filter((p) => !allowed.some((re) => re.test(p)));
    allowed.length = 0;
    expect(problems, "console errors or page errors").toEqual([]);
  });
  afterAll(async () => {
    await session.browser?.close();
  });
  return session;
}
