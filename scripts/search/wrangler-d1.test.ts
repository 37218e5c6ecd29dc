import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createD1Source } from "@worker/content/d1";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPlatformProxy } from "wrangler";
import { readDocuments } from "./sync";
import { executeArgs, inlineParams, literal, WranglerD1, wranglerExecute } from "./wrangler-d1";

describe("search:sync --remote: the command it runs", () => {
  it("asks wrangler for the deployed database of the chosen environment, as JSON", () => {
    expect(executeArgs({ remote: true, env: "production" }, "SELECT 1")).toEqual([
      "d1",
      "execute",
      "DB",
      "--remote",
      "--env",
      "production",
      "--json",
      "--command",
      "SELECT 1",
    ]);
    // --persist-to is a local option: never sent with --remote.
    expect(executeArgs({ remote: true, persistTo: "/tmp/x" }, "SELECT 1")).not.toContain("--persist-to");
  });

  it("puts parameters in as SQLite literals, numbered or in order, and leaves quoted text alone", () => {
    expect(literal("it's")).toBe("'it''s'");
    expect(literal(null)).toBe("NULL");
    expect(literal(true)).toBe("1");
    expect(literal(new Uint8Array([1, 255]))).toBe("X'01ff'");
    expect(() => literal(Number.NaN)).toThrow();
    expect(inlineParams("SELECT * FROM t WHERE a = ?1 OR b = ?1 LIMIT ?2", ["x'; DROP TABLE t; --", 5])).toBe(
      "SELECT * FROM t WHERE a = 'x''; DROP TABLE t; --' OR b = 'x''; DROP TABLE t; --' LIMIT 5",
    );
    expect(inlineParams("SELECT '?', \"?\" -- ?\n, ? , ?", [1, "two"])).toBe(
      "SELECT '?', \"?\" -- ?\n, 1 , 'two'",
    );
    expect(() => inlineParams("SELECT ?, ?", [1])).toThrow(/No parameter 2/);
  });
});

// The same command construction against a local database (there is no Cloudflare account here):
// the documents read through wrangler must be exactly those the Worker's D1 binding gives.
describe("search:sync's wrangler reader against a local D1", () => {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "crossfade-sync-d1-"));
    // The migrated, seeded database of `npm start` (scripts/lib.mjs is plain JavaScript, untyped).
    const lib = (await import(new URL("../lib.mjs", import.meta.url).href)) as {
      prepareDatabase(dir: string): unknown;
    };
    lib.prepareDatabase(dir);
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reads the same published documents as the D1 binding", async () => {
    const viaWrangler = new WranglerD1(wranglerExecute({ remote: false, persistTo: dir }));
    const fromWrangler = await readDocuments(createD1Source(viaWrangler.asD1(), {} as R2Bucket).catalogue);
    const proxy = await getPlatformProxy<{ DB: D1Database }>({ persist: { path: join(dir, "v3") } });
    try {
      const fromBinding = await readDocuments(createD1Source(proxy.env.DB, {} as R2Bucket).catalogue);
      expect(fromBinding["blog-post"].length).toBeGreaterThan(20);
      expect(fromWrangler).toEqual(fromBinding);
    } finally {
      await proxy.dispose();
    }
  }, 120_000);
});
