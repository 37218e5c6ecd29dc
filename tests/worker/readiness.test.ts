import { env } from "cloudflare:workers";
import { READINESS_CACHE_MS, readiness } from "@worker/content/readiness";
import type { WorkerEnv } from "@worker/env";
import { describe, expect, inject, it, vi } from "vitest";
import { ADMIN } from "./form-helpers";
import { callApp } from "./helpers";

// A failing CMS (tests/stand-ins/failing-cms.ts): the admin list says so (503), and readiness
// names the source that is down (docs/decisions/066-admin-list-and-readiness.md).
const urls = inject("failingCms");
const cms = (url: string) => ({ CMS_URL: url, CMS_API_TOKEN: "readiness-cms-token", CMS_TIMEOUT_MS: "500" });

interface ReadyBody {
  status: string;
  checks: Record<string, { ok: boolean; required: boolean; error?: string }>;
}

/** Runs `body` with console.error silenced (the failures are reported, as they should be). */
async function quietly<T>(body: () => Promise<T>): Promise<T> {
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    return await body();
  } finally {
    logged.mockRestore();
  }
}

describe("GET /api/submissions while the CMS fails", () => {
  it.each([
    ["down", urls.down],
    ["refusing the token", urls.refused],
    ["answering 500", urls.error],
  ])("answers 503 with the error catalogue's text when the CMS is %s, not an empty list", async (_, url) => {
    const res = await quietly(() =>
      callApp("/api/submissions", { headers: { ...ADMIN, "CF-Connecting-IP": "198.51.100.18" } }, cms(url)),
    );
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("30");
    expect(await res.json()).toEqual({ error: "Failed to fetch submissions" });
  });
});

describe("liveness and readiness", () => {
  it("/api/health is liveness: 200 while the CMS is down, calling no source", async () => {
    const res = await callApp("/api/health", {}, cms(urls.down));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status: string }).status).toBe("ok");
  });

  it("/api/health/ready checks each source of the embedded store and answers 200 when all answer", async () => {
    const res = await callApp("/api/health/ready");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const body = (await res.json()) as ReadyBody;
    expect(body.status).toBe("ready");
    expect(Object.keys(body.checks).sort()).toEqual(["cache", "d1", "uploads"]);
    expect(Object.values(body.checks).every((c) => c.ok)).toBe(true);
  });

  it.each([
    ["down", urls.down, /Request to .* failed/],
    ["refusing the token", urls.refused, /refused CMS_API_TOKEN \(403/],
    ["answering 500", urls.error, /Internal Server Error/],
  ])("names the CMS and answers 503 when it is %s", async (_, url, why) => {
    const res = await callApp("/api/health/ready", {}, cms(url));
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("30");
    const body = (await res.json()) as ReadyBody;
    expect(body.status).toBe("not ready");
    expect(body.checks.cms).toMatchObject({ ok: false, required: true });
    expect(body.checks.cms?.error).toMatch(why);
    expect(body.checks.d1?.ok).toBe(true);
  });

  it("is ready with a CMS that answers and accepts the token", async () => {
    const res = await callApp("/api/health/ready", {}, cms(urls.empty));
    expect(res.status).toBe(200);
    expect(((await res.json()) as ReadyBody).checks.cms).toMatchObject({ ok: true, required: true });
  });

  it("is degraded, not down, while only Meilisearch fails (search falls back to the content source)", async () => {
    const res = await callApp(
      "/api/health/ready",
      {},
      { MEILISEARCH_HOST: urls.down, MEILISEARCH_SEARCH_KEY: "k" },
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as ReadyBody;
    expect(body.status).toBe("degraded");
    expect(body.checks.search).toMatchObject({ ok: false, required: false });
  });

  it("asks each source once per few seconds, however often it is polled", async () => {
    const token = crypto.randomUUID();
    const bindings = { ...env, ...cms(`${urls.origin}/heals/${token}`) } as WorkerEnv;
    const hits = async () =>
      ((await (await fetch(`${urls.origin}/hits/${token}`)).json()) as { hits: number }).hits;
    const now = Date.now();
    expect((await readiness(bindings, now)).checks.cms?.ok).toBe(false);
    await readiness(bindings, now + 1000);
    await readiness(bindings, now + READINESS_CACHE_MS - 1);
    expect(await hits()).toBe(1);
    await readiness(bindings, now + READINESS_CACHE_MS + 1);
    expect(await hits()).toBe(2);
  });
});
