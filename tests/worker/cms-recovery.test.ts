import { env } from "cloudflare:workers";
import { PAGE_CACHE_STATUS_HEADER } from "@worker/cache/page-cache";
import type { WorkerEnv } from "@worker/env";
import { afterEach, describe, expect, inject, it, vi } from "vitest";
import { callApp } from "./helpers";

// What a CMS fault leaves behind once it is over (docs/decisions/026-answers-checked-at-the-edge.md),
// against tests/stand-ins/failing-cms.ts: an answer of the wrong shape is a source failure that
// no cache keeps, and a hanging CMS costs a request one time budget, not one per call.

const { origin, empty } = inject("failingCms");
let run = 0;
const token = (name: string) => `${name}-${Date.now()}-${++run}`;

afterEach(() => vi.restoreAllMocks());

async function visit(path: string, bindings: Partial<WorkerEnv>) {
  const res = await callApp(path, undefined, bindings);
  const body = (await res.text()).replace(/<!-- -->/g, "");
  return { res, body, title: body.match(/<title>([^<]*)<\/title>/)?.[1] ?? "" };
}

/** Every KV entry of one release. */
async function entries(release: string) {
  const list = await (env as WorkerEnv).CACHE.list({ prefix: `${release}:` });
  return list.keys.map((k) => k.name);
}

describe("a CMS answering JSON of the wrong shape, then healing", () => {
  it("serves the page error meanwhile, stores nothing, and the healed content afterwards", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const name = token("heals");
    const bindings: Partial<WorkerEnv> = {
      CMS_URL: `${origin}/heals/${name}`,
      CMS_TIMEOUT_MS: "2000",
      APP_VERSION: name,
    };
    for (const path of ["/releases/x", "/events/x"]) {
      // Twice: neither the KV content cache nor the page cache may answer the second time.
      for (let i = 0; i < 2; i++) {
        const junk = await visit(path, bindings);
        expect(junk.res.status, path).toBe(503);
        expect(junk.res.headers.get("cache-control"), path).toBe("no-store");
        expect(junk.res.headers.get(PAGE_CACHE_STATUS_HEADER), path).not.toBe("hit");
        expect(junk.title, path).not.toMatch(/^5\b/);
        expect(junk.body, path).toContain("Something went wrong");
      }
    }
    // The mismatch was reported with what did not match.
    expect(
      errors.mock.calls.some((call) => /Unexpected answer from .*: data\.0\./.test(String(call[0]))),
    ).toBe(true);
    expect(await entries(name), "nothing stored while the answers were junk").toEqual([]);

    await fetch(`${origin}/heal/${name}`, { method: "POST" });
    for (const path of ["/releases/x", "/events/x"]) {
      const healed = await visit(path, bindings);
      expect(healed.res.status, path).toBe(200);
      expect(healed.body, path).toContain("Healed title");
      const again = await visit(path, bindings);
      expect(again.res.headers.get(PAGE_CACHE_STATUS_HEADER), path).toBe("hit");
      expect(again.body, path).toContain("Healed title");
    }
    expect((await entries(name)).length).toBeGreaterThan(0);
  }, 30_000);
});

describe("a healthy CMS without posts", () => {
  it("answers a category the site defines with its empty page, and an unknown tag or genre with 404", async () => {
    const bindings: Partial<WorkerEnv> = { CMS_URL: empty, APP_VERSION: token("empty") };
    const category = await visit("/blog/category/features", bindings);
    expect(category.res.status).toBe(200);
    expect(category.body).toContain("<h1>Features</h1>");
    expect(category.body).toContain("0 stories");
    expect(category.res.headers.get("cache-control")).toBe("public, max-age=60, stale-while-revalidate=300");
    for (const path of [
      "/blog/category/gossip",
      "/blog/tag/nope",
      "/blog/genre/nope",
      "/blog/location/nowhere",
    ]) {
      expect((await visit(path, bindings)).res.status, path).toBe(404);
    }
  });
});

describe("a hanging CMS", () => {
  const BUDGET_MS = 1500;

  for (const path of ["/blog", "/search?q=house", "/api/search?q=house"]) {
    it(`costs ${path} one time budget, not one per call made after another`, async () => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      vi.spyOn(console, "warn").mockImplementation(() => {});
      const name = token("hangs");
      const bindings: Partial<WorkerEnv> = {
        CMS_URL: `${origin}/hangs/${name}`,
        CMS_TIMEOUT_MS: String(BUDGET_MS),
        APP_VERSION: name,
      };
      const started = Date.now();
      const { res } = await visit(path, bindings);
      const took = Date.now() - started;
      expect(res.status).toBeLessThan(600);
      // The CMS answers after 3 s: the page waited for the budget, and only once.
      expect(took, `${path} took ${took} ms`).toBeGreaterThanOrEqual(BUDGET_MS - 50);
      expect(took, `${path} took ${took} ms`).toBeLessThan(BUDGET_MS * 1.8);
      const { hits } = await (await fetch(`${origin}/hits/${name}`)).json<{ hits: number }>();
      expect(hits, "the CMS was asked").toBeGreaterThan(0);
    }, 20_000);
  }
});
