import { requestSourceFailed, trackRequest } from "@worker/failure/source-failure";
import { afterEach, describe, expect, it, vi } from "vitest";
import { servedPorts } from "../served-ports";
import { timeBudget } from "../time-budget";
import { createStrapiSource } from "./source";

// docs/decisions/026-answers-checked-at-the-edge.md: an answer of the wrong shape is a failure
// like a 500, and a request's calls share one time budget.

const CMS = "http://cms.test";
const WRONG = { data: [{ id: "x", title: 5, genres: "nope" }] };
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });

/** The degraded reads log their failure: kept quiet, and read back by the tests. */
const logged = () => vi.spyOn(console, "error").mockImplementation(() => {});
afterEach(() => vi.restoreAllMocks());

describe("a Strapi answer of the wrong shape", () => {
  it("degrades every read like a 500, reports it with what did not match, and maps nothing", async () => {
    const errors = logged();
    const store = servedPorts(createStrapiSource(CMS, async () => json(WRONG)));
    const state = { failed: false };
    await trackRequest(state, async () => {
      expect(await store.getRelease("x")).toBeNull();
      expect(await store.getEvent("x")).toBeNull();
      expect((await store.listReleases()).items).toEqual([]);
      expect((await store.listPosts()).items).toEqual([]);
      expect(await store.listGenres()).toEqual([]);
      expect(requestSourceFailed()).toBe(true);
    });
    const lines = errors.mock.calls.map((call) => String(call[0]));
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^\[cms\] Failed to fetch release: Unexpected answer from .*data\.0\.id: .*number/,
      ),
    );
    expect(lines.join("\n")).toMatch(/data\.0\.title: .*Expected string but received 5/);
  });

  it("reads as an invalid response to the newsletter form", async () => {
    logged();
    const store = servedPorts(createStrapiSource(CMS, async () => json({ message: 5 })));
    const subscriber = {
      email: "a@example.com",
      firstName: null,
      lastName: null,
      city: null,
      source: "website_footer" as const,
    };
    await expect(store.subscribe(subscriber)).rejects.toThrow("Server returned invalid response");
  });
});

describe("one time budget per request", () => {
  it("starts with the first call and gives later calls only what is left", () => {
    let now = 1_000;
    const budget = timeBudget(500, () => now);
    now = 5_000; // the clock starts at the first ask, not when the budget is made
    expect(budget.left()).toBe(500);
    now += 300;
    expect(budget.left()).toBe(200);
    now += 400;
    expect(budget.left()).toBe(-200);
  });

  it("sends no call once the budget is spent, and fails it like a timeout", async () => {
    const errors = logged();
    const sent: string[] = [];
    const hang = (url: string, init?: RequestInit) =>
      new Promise<Response>((_, reject) => {
        sent.push(url);
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
      });
    const store = servedPorts(createStrapiSource(CMS, hang, { budget: timeBudget(50) }));
    const started = Date.now();
    expect((await store.listReleases()).items).toEqual([]);
    expect((await store.listMixtapes()).items).toEqual([]);
    expect(Date.now() - started).toBeLessThan(400);
    expect(sent).toHaveLength(1);
    expect(errors.mock.calls.map((call) => String(call[0])).join("\n")).toMatch(/time budget is spent/);
  });
});
