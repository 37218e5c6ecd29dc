import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { app } from "@worker/app";
import type { WorkerEnv } from "@worker/env";
import { describe, expect, it, vi } from "vitest";
import { firstTagText, htmlText, visit } from "./helpers";

const TOKEN = (env as WorkerEnv).PURGE_TOKEN ?? "";

function purge(body?: unknown, token: string | null = TOKEN) {
  return visit("/api/cache/purge", {
    method: "POST",
    headers: {
      ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
      "Content-Type": "application/json",
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** The page's heading as a visitor sees it. */
async function pageTitle(path: string): Promise<string | undefined> {
  return firstTagText(await (await visit(path)).text(), "h1");
}

describe("POST /api/cache/purge", () => {
  it("does not exist (404) when no PURGE_TOKEN is configured", async () => {
    const ctx = createExecutionContext();
    const res = await app.fetch(
      new Request("http://localhost/api/cache/purge", {
        method: "POST",
        headers: { Authorization: "Bearer x" },
      }),
      { ...env, PURGE_TOKEN: undefined } as WorkerEnv,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Not found" });
  });

  it("answers 401 without the bearer token or with a wrong one, and purges nothing", async () => {
    for (const token of [null, "", "wrong", `${TOKEN}x`, TOKEN.slice(0, -1)]) {
      const res = await purge(undefined, token);
      expect(res.status, `token ${token}`).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe("Bearer");
      expect(await res.json()).toEqual({ error: "Unauthorized" });
    }
    const basic = await visit("/api/cache/purge", {
      method: "POST",
      headers: { Authorization: `Basic ${btoa(`user:${TOKEN}`)}` },
    });
    expect(basic.status).toBe(401);
  });

  it("purges everything for an empty body, and the groups of a Strapi model for its webhook", async () => {
    const all = await purge();
    expect(all.status).toBe(200);
    expect(all.headers.get("cache-control")).toBe("no-store");
    expect(await all.json()).toEqual({ purged: "all" });

    const mixtape = await purge({ event: "entry.publish", model: "mixtape", entry: { slug: "x" } });
    expect(await mixtape.json()).toEqual({ purged: ["mixtapes", "artists", "search"] });

    const byUid = await purge({ event: "entry.delete", uid: "api::label-release.label-release", entry: {} });
    expect(await byUid.json()).toEqual({ purged: ["releases", "artists"] });

    const media = await purge({ event: "media.update", media: { id: 1 } });
    expect(await media.json()).toEqual({ purged: "all" });

    const named = await purge({ groups: ["search"] });
    expect(await named.json()).toEqual({ purged: ["search"] });
    const unknownGroup = await purge({ groups: ["search", "nope"] });
    expect(await unknownGroup.json()).toEqual({ purged: "all" });

    const test = await purge({ event: "trigger-test" });
    expect(await test.json()).toEqual({ purged: [] });

    const bad = await purge("{not json");
    expect(bad.status).toBe(400);
  });

  it("shows an edited post on the next request after the webhook, not before", async () => {
    const row = await env.DB.prepare(
      "SELECT slug, title FROM posts WHERE pub_status = 'published' ORDER BY post_date LIMIT 1",
    ).first<{ slug: string; title: string }>();
    if (!row) throw new Error("no published post");
    const path = `/blog/${row.slug}`;
    const edited = `${row.title} (edited)`;
    try {
      await purge();
      expect(await pageTitle(path)).toBe(htmlText(row.title));
      await env.DB.prepare("UPDATE posts SET title = ? WHERE slug = ?").bind(edited, row.slug).run();
      // Still the cached page: the edit has not been announced.
      expect(await pageTitle(path)).toBe(htmlText(row.title));

      const res = await purge({ event: "entry.update", model: "blog-post", entry: { slug: row.slug } });
      expect(await res.json()).toEqual({ purged: ["posts", "artists", "search"] });
      expect(await pageTitle(path)).toBe(htmlText(edited));
    } finally {
      await env.DB.prepare("UPDATE posts SET title = ? WHERE slug = ?").bind(row.title, row.slug).run();
      await purge();
    }
  });
});

describe("Cache-Control on pages", () => {
  it("lets browsers and shared caches keep a page for a minute, and a 404 briefly", async () => {
    const ok = await visit("/blog");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toBe("public, max-age=60, stale-while-revalidate=300");
    const missing = await visit("/blog/there-is-no-such-post");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("public, max-age=30");
  });

  it("never lets a cache keep an error page, a form post or the API", async () => {
    const broken = { ...env, DB: undefined, CACHE: undefined } as unknown as WorkerEnv;
    const ctx = createExecutionContext();
    // The missing binding is logged (configuration line, failed loader): expected here.
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const error = await app.fetch(new Request("http://localhost/blog"), broken, ctx);
    await waitOnExecutionContext(ctx);
    logged.mockRestore();
    // The store cannot be read: the page error, as a 503 (docs/product.md section 8).
    expect(error.status).toBe(503);
    expect(error.headers.get("cache-control")).toBe("no-store");

    const post = await visit("/contact", { method: "POST", body: new FormData() });
    expect(post.headers.get("cache-control")).toBe("no-store");

    expect((await visit("/api/health")).headers.get("cache-control")).toBe("no-store");
    expect((await visit("/api/submissions")).headers.get("cache-control")).toBe("no-store");
    expect((await purge(undefined, "wrong")).headers.get("cache-control")).toBe("no-store");
  });
});
