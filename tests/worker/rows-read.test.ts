import { PAGE_CACHE_STATUS_HEADER } from "@worker/cache/page-cache";
import { describe, expect, it } from "vitest";
import { callApp } from "./helpers";

// Server-Timing carries the rows a request read from the embedded store (docs/decisions/070):
// the figure of the request that answered, never one a cache kept.

const BROWSER = {
  "User-Agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36",
};
const rows = (res: Response) =>
  /db;dur=[\d.]+;desc="rows=(\d+)"/.exec(res.headers.get("Server-Timing") ?? "")?.[1];

describe("rows read per request", () => {
  it("are sent by the request that read the store, and not by a page the page cache answers", async () => {
    const bindings = { SITE_NAME: "Crossfade rows-read" };
    const first = await callApp("/releases", { headers: BROWSER }, bindings);
    expect(first.status).toBe(200);
    expect(first.headers.get(PAGE_CACHE_STATUS_HEADER)).toBe("miss");
    expect(Number(rows(first))).toBeGreaterThan(0);
    const second = await callApp("/releases", { headers: BROWSER }, bindings);
    expect(second.headers.get(PAGE_CACHE_STATUS_HEADER)).toBe("hit");
    expect(second.headers.get("Server-Timing")).toBeNull();
  });

  it("count every row of every statement, batches included", async () => {
    // /blog's first page: its list of 15 and its count in a batch, then the 15 posts with their
    // extras rows, each statement's rows added up.
    const blog = await callApp("/blog", undefined, { CACHE: undefined, PAGE_CACHE: "off" });
    expect(blog.status).toBe(200);
    expect(Number(rows(blog))).toBeGreaterThanOrEqual(15 + 1 + 2 * 15);
  });

  it("are not sent by an answer that read nothing", async () => {
    const health = await callApp("/api/health");
    expect(health.status).toBe(200);
    expect(health.headers.get("Server-Timing")).toBeNull();
  });
});
