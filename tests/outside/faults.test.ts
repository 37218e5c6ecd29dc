import { join } from "node:path";
import { type CmsState, startSwitchableCms } from "@tests/stand-ins/switchable-cms";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CATALOGUE_TEXTS,
  FAULT_ROUTES,
  FAULT_TEXTS,
  type FaultRoute,
  revalidates,
  visibleText,
} from "./fault-routes";
import { ARTIFACTS, type RunningWorker, requireBuild, startWorker } from "./server";

/**
 * The fault matrix from outside (docs/faults.md "From outside"): the production build under
 * wrangler dev in CMS mode, a stand-in Strapi switched through every fault, every route and feed
 * visited in each, then the stand-in healed and everything visited again. The Worker starts on
 * an empty state (no KV entry, no page cache), so what a visitor gets comes from the fault.
 */
const TIMEOUT_MS = 1500;
const FAULTS: CmsState[] = ["refused", "error", "garbage", "wrong-shape", "slow", "hanging"];

let cms: Awaited<ReturnType<typeof startSwitchableCms>>;
let worker: RunningWorker;

beforeAll(async () => {
  requireBuild();
  cms = await startSwitchableCms({ slowMs: TIMEOUT_MS + 1500 });
  worker = await startWorker({
    persistTo: join(ARTIFACTS, "outside-faults"),
    vars: { CMS_URL: cms.url, CMS_TIMEOUT_MS: String(TIMEOUT_MS) },
  });
});

afterAll(async () => {
  await worker?.kill("SIGTERM");
  await cms?.close();
});

interface Seen {
  status: number;
  cacheControl: string;
  retryAfter: string | null;
  raw: string;
  text: string;
}

async function visit(path: string): Promise<Seen> {
  const res = await fetch(`${worker.url}${path}`, { redirect: "manual" });
  const raw = await res.text();
  const html = (res.headers.get("Content-Type") ?? "").includes("text/html");
  return {
    status: res.status,
    cacheControl: res.headers.get("Cache-Control") ?? "",
    retryAfter: res.headers.get("Retry-After"),
    raw,
    text: html ? visibleText(raw) : raw,
  };
}

/** What is wrong with a degraded answer, as short cell notes (empty: as docs/faults.md says). */
function degradedProblems(route: FaultRoute, seen: Seen): string[] {
  const problems: string[] = [];
  const want = { list: 200, taxonomy: 200, detail: 503, search: 200, api: 503, feed: 503 }[route.kind];
  if (seen.status !== want) problems.push(`status ${seen.status}, want ${want}`);
  const mustNoStore = route.kind !== "list";
  if (mustNoStore && !/\bno-store\b/.test(seen.cacheControl))
    problems.push(`Cache-Control "${seen.cacheControl}", want no-store`);
  if (!mustNoStore && !revalidates(seen.cacheControl))
    problems.push(`Cache-Control "${seen.cacheControl}" lets caches keep it without revalidation`);
  const retry = route.kind === "detail" || route.kind === "api" || route.kind === "feed";
  if (retry && !seen.retryAfter) problems.push("no Retry-After");
  for (const text of route.degraded) if (!seen.text.includes(text)) problems.push(`missing "${text}"`);
  for (const text of CATALOGUE_TEXTS) if (seen.raw.includes(text)) problems.push(`shows "${text}"`);
  if (seen.raw.includes("<html") && !/<h1[\s>]/.test(seen.raw)) problems.push("no <h1>");
  if (seen.text.includes("Page not found")) problems.push("says Page not found");
  return problems;
}

function healthyProblems(route: FaultRoute, seen: Seen): string[] {
  const problems: string[] = [];
  if (seen.status !== 200) problems.push(`status ${seen.status}`);
  // Searches with visitor text are never cached, so only the other answers are checked here.
  if (route.kind !== "search" && route.kind !== "api" && /\bno-store\b/.test(seen.cacheControl))
    problems.push(`Cache-Control "${seen.cacheControl}" (a fault's no-store carried over)`);
  for (const text of route.healthy) if (!seen.text.includes(text)) problems.push(`missing "${text}"`);
  for (const text of FAULT_TEXTS) if (seen.text.includes(text)) problems.push(`still shows "${text}"`);
  return problems;
}

async function matrix(check: (route: FaultRoute, seen: Seen) => string[]) {
  const cells = await Promise.all(
    FAULT_ROUTES.map(async (route) => ({ route, problems: check(route, await visit(route.path)) })),
  );
  return cells.filter((c) => c.problems.length).map((c) => `${c.route.path}: ${c.problems.join("; ")}`);
}

describe("the fault matrix from outside (CMS mode, production build)", () => {
  for (const fault of FAULTS) {
    it(`degrades every route and feed when the CMS is ${fault}`, async () => {
      await cms.set(fault);
      const before = cms.requests[fault];
      const failures = await matrix(degradedProblems);
      // The Worker did ask the CMS (nothing answered from a cache); a refused port counts nothing.
      if (fault !== "refused") expect(cms.requests[fault]).toBeGreaterThan(before);
      expect(failures).toEqual([]);
    });
  }

  it("serves everything again once the CMS is healthy, nothing of a fault kept", async () => {
    await cms.set("healthy");
    expect(await matrix(healthyProblems)).toEqual([]);
    // A second visit may come from the KV and page caches: they hold the healthy answers.
    expect(await matrix(healthyProblems)).toEqual([]);
  });
});
