import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { app } from "@worker/app";
import { CONFIG_SCHEMA, checkConfig } from "@worker/config";
import type { WorkerEnv } from "@worker/env";
import { afterEach, describe, expect, it, vi } from "vitest";
import configuration from "../../docs/configuration.md?raw";
import { firstTagText } from "./helpers";

const base = env as WorkerEnv;
const CMS = { CMS_URL: "https://cms.example.com/api", CMS_API_TOKEN: "worker-token-0123456789abcdef" };
type Overrides = Partial<Record<keyof WorkerEnv, unknown>>;

/** The test Worker's env with these settings changed (undefined removes one). */
function envWith(overrides: Overrides): WorkerEnv {
  return { ...base, ...overrides } as unknown as WorkerEnv;
}

/** The Worker's answer with these settings changed (undefined removes one). */
async function fetchWith(overrides: Overrides, path: string) {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`http://localhost${path}`), envWith(overrides), ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

function problemNames(overrides: Overrides) {
  return checkConfig(envWith(overrides)).problems.map((p) => `${p.severity} ${p.name}`);
}

afterEach(() => vi.restoreAllMocks());

describe("the configuration check", () => {
  it("finds nothing wrong with the test Worker's configuration", () => {
    expect(checkConfig(base)).toEqual({ ok: true, mode: "embedded", problems: [] });
  });

  it("covers every row of docs/configuration.md's table, and nothing else", () => {
    const section = configuration.slice(0, configuration.indexOf("## Caching"));
    const rows = [...section.matchAll(/^\| `([A-Z_]+)`/gm)].map((m) => m[1]);
    expect(rows.length).toBeGreaterThan(10);
    expect(CONFIG_SCHEMA.map((s) => s.name)).toEqual(rows);
  });

  it.each(["DB", "CACHE", "UPLOADS", "SITE_URL"] as const)("requires %s in embedded mode", (name) => {
    const report = checkConfig(envWith({ [name]: undefined }));
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([
      { name, severity: "error", message: expect.stringMatching(/^missing: /) },
    ]);
  });

  it.each(["CACHE", "SITE_URL"] as const)("requires %s in CMS mode", (name) => {
    expect(problemNames({ ...CMS, [name]: undefined })).toEqual([`error ${name}`]);
  });

  it("requires CMS_API_TOKEN in CMS mode: Strapi takes the forms' writes only with it", () => {
    const report = checkConfig(envWith({ ...CMS, CMS_API_TOKEN: undefined }));
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([
      {
        name: "CMS_API_TOKEN",
        severity: "error",
        message:
          "missing: Strapi refuses submissions, newsletter sign-ups and the submissions admin (its public role only reads)",
      },
    ]);
    expect(problemNames({ CMS_API_TOKEN: undefined })).toEqual([]);
  });

  it("does not need D1 or R2 when content comes from the CMS", () => {
    expect(checkConfig(envWith({ ...CMS, DB: undefined, UPLOADS: undefined }))).toEqual({
      ok: true,
      mode: "cms",
      problems: [],
    });
  });

  it("requires the search key once MEILISEARCH_HOST is set, and flags a key without a host", () => {
    expect(problemNames({ MEILISEARCH_HOST: "https://search.example.com" })).toEqual([
      "error MEILISEARCH_SEARCH_KEY",
    ]);
    expect(
      problemNames({ MEILISEARCH_HOST: "https://search.example.com", MEILISEARCH_SEARCH_KEY: "k" }),
    ).toEqual([]);
    expect(problemNames({ MEILISEARCH_SEARCH_KEY: "k" })).toEqual(["warning MEILISEARCH_SEARCH_KEY"]);
  });

  it("rejects malformed values, naming each", () => {
    const cases: [Overrides, string][] = [
      [{ SITE_URL: "localhost:8787" }, "error SITE_URL"],
      [{ SITE_URL: "https://example.com/blog" }, "error SITE_URL"],
      [{ SITE_URL: "ftp://example.com" }, "error SITE_URL"],
      [{ ...CMS, CMS_URL: "cms.example.com" }, "error CMS_URL"],
      [{ ...CMS, CMS_MEDIA_URL: "media.example.com" }, "warning CMS_MEDIA_URL"],
      [{ MEILISEARCH_HOST: "not a url", MEILISEARCH_SEARCH_KEY: "k" }, "warning MEILISEARCH_HOST"],
      [{ SITE_NAME: "   " }, "warning SITE_NAME"],
      [{ PURGE_TOKEN: "short" }, "warning PURGE_TOKEN"],
      [{ ADMIN_TOKEN: "has spaces in it but is long enough to pass" }, "warning ADMIN_TOKEN"],
      [{ SENTRY_DSN: "https://sentry.example.com/1" }, "warning SENTRY_DSN"],
      [{ APP_VERSION: "1.0 beta" }, "warning APP_VERSION"],
      [{ DB: "crossfade" }, "error DB"],
      [{ CACHE: {} }, "error CACHE"],
      [{ CMS_TIMEOUT_MS: "3s" }, "warning CMS_TIMEOUT_MS"],
      [{ CMS_TIMEOUT_MS: "0" }, "warning CMS_TIMEOUT_MS"],
    ];
    for (const [overrides, expected] of cases) {
      expect(problemNames(overrides), JSON.stringify(overrides)).toEqual([expected]);
    }
    expect(
      problemNames({
        SENTRY_DSN: "https://abc123@o1.ingest.sentry.io/42",
        APP_VERSION: "1.2.3+7",
        CMS_TIMEOUT_MS: "3000",
      }),
    ).toEqual([]);
  });

  it("names a missing value in /api/health and logs it once, while visitors still get pages", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = envWith({ CACHE: undefined });
    const ctx = createExecutionContext();
    const health = await app.fetch(new Request("http://localhost/api/health"), broken, ctx);
    const page = await app.fetch(new Request("http://localhost/mixtapes"), broken, ctx);
    await waitOnExecutionContext(ctx);

    expect(health.status).toBe(200);
    const body = await health.json<{ status: string; config: { ok: boolean; problems: unknown[] } }>();
    expect(body.status).toBe("degraded");
    expect(body.config).toEqual({
      ok: false,
      mode: "embedded",
      problems: [{ name: "CACHE", severity: "error", message: "missing: pages are served uncached" }],
    });
    expect(page.status).toBe(200);
    expect(firstTagText(await page.text(), "h1")).toBeTruthy();
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged.mock.calls[0]?.[0]).toBe(
      "Crossfade configuration (embedded mode): CACHE missing: pages are served uncached",
    );
  });

  it("keeps the site up when only optional values are malformed", async () => {
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    const res = await fetchWith({ SENTRY_DSN: "nope", MEILISEARCH_SEARCH_KEY: "k" }, "/api/health");
    const body = await res.json<{ config: { ok: boolean; problems: { name: string }[] } }>();
    expect(body.config.ok).toBe(true);
    expect(body.config.problems.map((p) => p.name)).toEqual(["SENTRY_DSN", "MEILISEARCH_SEARCH_KEY"]);
    expect(warned).toHaveBeenCalledTimes(1);
    expect((await fetchWith({ SENTRY_DSN: "nope" }, "/releases")).status).toBe(200);
  });
});
