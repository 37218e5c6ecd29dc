import { TEXTS } from "@core/texts";
import { PAGE_CACHE_STATUS_HEADER } from "@worker/cache/page-cache";
import type { WorkerEnv } from "@worker/env";
import { beforeAll, describe, expect, it } from "vitest";
import { TURNSTILE_TEST_KEYS as KEYS } from "../support/turnstile-keys";
import { callApp, htmlText } from "./helpers";

// The pages' side of Turnstile (docs/decisions/127-turnstile-on-the-forms.md): the protected forms
// carry the site key where the widget reads it and say without JavaScript that they need it, no
// page loads Turnstile's script up front, and the CSP lets it in only while it is on.

const ON: Partial<WorkerEnv> = { TURNSTILE_SITE_KEY: KEYS.siteKey, TURNSTILE_SECRET: KEYS.passes };
const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";
const BROWSER = {
  "User-Agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36",
};

const footerForm = (html: string) => html.match(/<form[^>]*action="\/newsletter"[\s\S]*?<\/form>/)?.[0];
const submissionForm = (html: string) =>
  html.match(/<form[^>]*class="form submission-form"[\s\S]*?<\/form>/)?.[0];
const NOTE = `<noscript><p class="form__note human-check__note">${htmlText(TEXTS.humanCheckNoScript)}</p></noscript>`;

function directive(res: Response, name: string): string[] {
  const csp = res.headers.get("Content-Security-Policy") ?? "";
  const found = csp.split(";").find((part) => part.trim().startsWith(`${name} `));
  return found?.trim().split(/\s+/).slice(1) ?? [];
}

// The first page a test file renders loads the app's modules: seconds on a busy machine.
beforeAll(async () => {
  await (await callApp("/contact")).text();
}, 60_000);

describe("pages with Turnstile on", () => {
  it.each([
    ["/", footerForm],
    ["/about", footerForm],
    ["/newsletter", footerForm],
    ["/submit/form", submissionForm],
  ])("%s: the form carries the site key and a note for visitors without JavaScript", async (path, formOf) => {
    const res = await callApp(path, undefined, ON);
    expect(res.status).toBe(200);
    const html = await res.text();
    const form = formOf(html);
    expect(form).toBeDefined();
    expect(form).toContain(`<div class="human-check__widget" data-sitekey="${KEYS.siteKey}"></div>`);
    expect(form).toContain(NOTE);
  });

  it("loads no Turnstile script with the page: the widget's script waits for a form's first focus", async () => {
    for (const path of ["/", "/submit/form"]) {
      const html = await (await callApp(path, undefined, ON)).text();
      expect(html).not.toContain(`${TURNSTILE_ORIGIN}/turnstile/v0/api.js`);
      expect(html).not.toMatch(/<script\b[^>]*src="https?:/);
    }
  });

  it("lets Turnstile's script and challenge frame in through the CSP", async () => {
    const res = await callApp("/about", undefined, ON);
    expect(directive(res, "script-src")).toContain(TURNSTILE_ORIGIN);
    expect(directive(res, "frame-src")).toContain(TURNSTILE_ORIGIN);
    expect(directive(res, "connect-src")).toEqual(["'self'"]);
  });
});

describe("pages with Turnstile off", () => {
  it.each([
    ["nothing set", {}],
    ["only the site key", { TURNSTILE_SITE_KEY: KEYS.siteKey }],
  ])("%s: no widget, no note and no Turnstile in the CSP", async (_, bindings: Partial<WorkerEnv>) => {
    for (const path of ["/about", "/submit/form"]) {
      const res = await callApp(path, undefined, bindings);
      const html = await res.text();
      expect(html).not.toContain("data-sitekey");
      expect(html).not.toContain(htmlText(TEXTS.humanCheckNoScript));
      expect(directive(res, "script-src")).not.toContain(TURNSTILE_ORIGIN);
      expect(directive(res, "frame-src")).not.toContain(TURNSTILE_ORIGIN);
    }
  });

  it("a page the cache kept while it was off is not served once it is on, nor the other way round", async () => {
    // A site of its own (the name keys its pages) and a browser: what the page cache keeps.
    const site: Partial<WorkerEnv> = { SITE_NAME: "Crossfade turnstile cache" };
    const get = async (bindings: Partial<WorkerEnv>) => {
      const res = await callApp("/releases", { headers: BROWSER }, bindings);
      return { html: await res.text(), cache: res.headers.get(PAGE_CACHE_STATUS_HEADER) };
    };
    expect((await get(site)).cache).toBe("miss");
    const kept = await get(site);
    expect(kept.cache).toBe("hit");
    expect(kept.html).not.toContain("data-sitekey");
    const on = await get({ ...site, ...ON });
    expect(on.cache).toBe("miss");
    expect(on.html).toContain(`data-sitekey="${KEYS.siteKey}"`);
    expect((await get({ ...site, ...ON })).html).toContain(`data-sitekey="${KEYS.siteKey}"`);
    expect((await get(site)).html).not.toContain("data-sitekey");
  });
});
