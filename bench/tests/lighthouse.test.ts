import { describe, expect, it } from "vitest";
import {
  diagnose,
  floorRows,
  floorTable,
  type LighthouseRow,
  lighthouseTable,
  representativeRows,
} from "../lighthouse.mjs";

// What the Lighthouse bench reads from a report besides the scores (bench/lighthouse.mjs,
// bench/decisions/049-lighthouse-on-this-machine.md): which scripts had arrived before the LCP the
// unthrottled load observed, the simulation's longest tasks, and the machine's benchmark index.

const page = "http://127.0.0.1:8898/blog";
const script = (file: string, networkEndTime: number) => ({
  url: `http://127.0.0.1:8898/assets/${file}`,
  resourceType: "Script",
  networkEndTime,
});

/** A report shaped like Lighthouse 12's: times of requests count from the first request's start. */
function report({ lcp, networkStartOffsetUs = 2_000 }: { lcp: number; networkStartOffsetUs?: number }) {
  const origin = 900_000_000;
  return {
    environment: { benchmarkIndex: 1856.5 },
    audits: {
      metrics: {
        details: {
          items: [{ observedTimeOriginTs: origin, observedLargestContentfulPaint: lcp }],
        },
      },
      "network-requests": {
        details: {
          debugData: { networkStartTimeTs: origin + networkStartOffsetUs },
          items: [
            { url: page, resourceType: "Document", networkEndTime: 60 },
            script("entry.client-A.js", 200),
            script("framework-B.js", 290),
            script("blog-C.js", 420),
            { url: "http://127.0.0.1:8898/media/covers/a.svg", resourceType: "Image", networkEndTime: 150 },
          ],
        },
      },
      "long-tasks": {
        details: {
          items: [
            { url: page, duration: 120, startTime: 900 },
            { url: "Unattributable", duration: 330.4, startTime: 840 },
            { url: "http://127.0.0.1:8898/assets/framework-B.js", duration: 140, startTime: 2500 },
            { url: page, duration: 60, startTime: 1500 },
          ],
        },
      },
    },
  };
}

describe("diagnose", () => {
  it("counts the scripts that ended before the observed LCP, on the navigation's clock", () => {
    // framework-B ends at 290 ms after the first request, 292 ms after the time origin.
    expect(diagnose(report({ lcp: 291 }), page).scripts).toEqual({ total: 3, beforeLcp: 1 });
    expect(diagnose(report({ lcp: 292 }), page).scripts).toEqual({ total: 3, beforeLcp: 2 });
    expect(diagnose(report({ lcp: 600 }), page).scripts).toEqual({ total: 3, beforeLcp: 3 });
    expect(diagnose(report({ lcp: 150 }), page).scripts).toEqual({ total: 3, beforeLcp: 0 });
  });

  it("names the three longest simulated tasks: the document, a script's file, or unattributed", () => {
    expect(diagnose(report({ lcp: 600 }), page).longTasks).toEqual([
      { what: "unattributed", ms: 330 },
      { what: "framework-B.js", ms: 140 },
      { what: "document", ms: 120 },
    ]);
  });

  it("keeps the benchmark index and copes with a report without the audits", () => {
    expect(diagnose(report({ lcp: 600 }), page).benchmarkIndex).toBe(1856.5);
    expect(diagnose({ audits: {} }, page)).toEqual({
      benchmarkIndex: undefined,
      scripts: undefined,
      longTasks: [],
    });
  });
});

describe("lighthouseTable", () => {
  it("writes the diagnosis beside the scores and the machine's speed under the table", () => {
    const scores = { performance: 97, accessibility: 100, "best-practices": 100, seo: 100 };
    const table = lighthouseTable([
      {
        name: "/blog",
        path: "/blog",
        run: 1,
        scores,
        fcp: 900,
        lcp: 2000,
        tbt: 176.4,
        cls: 0,
        failing: [],
        failingBy: {},
        ...diagnose(report({ lcp: 600 }), page),
      },
      { name: "/", path: "/", run: 1, error: "NO_NAVSTART" },
    ]);
    const lines = table.split("\n");
    expect(lines[2]).toBe(
      "| /blog (`/blog`) | 1 | 97 | 100 | 100 | 100 | 0.9 s | 2.0 s | 176 ms | 0.000 | none | 3 of 3 | unattributed 330 ms, framework-B.js 140 ms, document 120 ms |",
    );
    expect(lines[3]?.split("|")).toHaveLength(lines[2]?.split("|").length ?? 0);
    expect(lines.at(-1)).toBe(
      "Lighthouse's benchmark index of this machine (higher is faster) ranged 1857-1857 over these runs.",
    );
  });
});

// Each run loads a main route several times, turn about with its framework floor, and judges it
// by the median of its loads (bench/decisions/117-lighthouse-median-of-five-loads.md).
const load = (
  variant: "site" | "framework" | "limit",
  n: number | undefined,
  performance: number,
  tbt: number,
  extra: Partial<{ fcp: number; interactive: number; run: number }> = {},
): LighthouseRow => ({
  name: "a post",
  path: "/blog/a-post",
  run: extra.run ?? 1,
  load: n,
  variant,
  scores: { performance, accessibility: 100, "best-practices": 100, seo: 100 },
  fcp: extra.fcp ?? 800,
  lcp: 2000,
  tbt,
  interactive: extra.interactive ?? 3000,
  cls: 0,
  failing: [],
  failingBy: {},
});

/** A judged variant's two figures, or its error. */
const figures = (judged: ReturnType<typeof floorRows>[number]["site"]) =>
  !judged || "error" in judged
    ? judged?.error
    : { performance: judged.scores.performance, tbt: judged.tbt, loads: judged.loads, failed: judged.failed };

describe("floorRows", () => {
  // Site loads' TBT 40, 250, 60, 180, 70 (median 70); the floor's 10, 20, 30, 120, 15 (median 20).
  const rows: LighthouseRow[] = [
    load("site", 1, 99, 40),
    load("framework", 1, 99, 10),
    load("site", 2, 94, 250),
    load("framework", 2, 99, 20),
    load("site", 3, 99, 60),
    load("framework", 3, 99, 30),
    load("site", 4, 96, 180),
    load("framework", 4, 97, 120),
    load("site", 5, 98, 70),
    load("framework", 5, 99, 15),
    load("limit", undefined, 100, 5),
  ];

  it("judges a run by the median of the site's loads against the median of the floor's", () => {
    const [row] = floorRows(rows);
    expect(figures(row?.site)).toEqual({ performance: 98, tbt: 70, loads: 5, failed: 0 });
    expect(figures(row?.framework)).toEqual({ performance: 99, tbt: 20, loads: 5, failed: 0 });
    expect(row?.tbt).toBe(50);
    expect(row?.score).toBe(-1);
    expect(row?.met).toBe(true);
    // Load 2 is 230 ms over its floor's load and load 4 is 60 ms over it, 1 point under:
    // one single load outside the margins.
    expect(row?.pairs).toEqual({ within: 4, of: 5 });
    expect(figures(row?.limit)).toEqual({ performance: 100, tbt: 5, loads: 1, failed: 0 });
  });

  it("misses when the medians are more than 100 ms or 3 points apart", () => {
    const slow = rows.map((r) => (r.variant === "site" && !("error" in r) ? { ...r, tbt: r.tbt + 60 } : r));
    const [row] = floorRows(slow);
    expect(row?.tbt).toBe(110);
    expect(row?.met).toBe(false);
    const lower = rows.map((r) =>
      r.variant === "site" && !("error" in r)
        ? { ...r, scores: { ...r.scores, performance: (r.scores.performance ?? 0) - 3 } }
        : r,
    );
    const [low] = floorRows(lower);
    expect([low?.score, low?.tbt, low?.met]).toEqual([-4, 50, false]);
  });

  it("leaves failed loads out of the median and says how many failed", () => {
    const withFailure: LighthouseRow[] = [
      ...rows.filter((r) => !(r.variant === "site" && r.load === 5)),
      { name: "a post", path: "/blog/a-post", run: 1, load: 5, variant: "site", error: "NO_NAVSTART" },
    ];
    const [row] = floorRows(withFailure);
    // 40, 60, 180, 250: the median of an even count is the mean of the middle two.
    expect(figures(row?.site)).toEqual({ performance: 97.5, tbt: 120, loads: 4, failed: 1 });
    expect(row?.pairs.of).toBe(4);
    const table = floorTable(withFailure).split("\n");
    expect(table[2]).toBe(
      "| a post (`/blog/a-post`) | 1 | 97.5 / 120 ms (median of 4, 1 failed) | 99 / 20 ms (median of 5) | 100 / 5 ms | −1.5 / +100 ms | yes | 3 of 4 |",
    );
  });
});

describe("representativeRows", () => {
  it("shows one of the site's loads per route and run: the one Lighthouse's computeMedianRun picks", () => {
    const rows: LighthouseRow[] = [
      load("site", 1, 99, 40, { fcp: 700, interactive: 2500 }),
      load("framework", 1, 99, 10),
      load("site", 2, 94, 250, { fcp: 900, interactive: 3900 }),
      load("site", 3, 98, 60, { fcp: 800, interactive: 3000 }),
      load("site", undefined, 97, 90, { run: 2 }),
    ];
    const shown = representativeRows(rows);
    expect(shown.map((r) => [r.run, r.load])).toEqual([
      [1, 3],
      [2, undefined],
    ]);
    expect(lighthouseTable(rows).split("\n")[2]).toMatch(
      /^\| a post \(`\/blog\/a-post`\) \| 1 \(load 3, the median of 3\) \| 98 \|/,
    );
  });
});
