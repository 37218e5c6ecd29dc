import { describe, expect, it } from "vitest";
import { diagnose, lighthouseTable } from "../../bench/lighthouse.mjs";

// What the Lighthouse bench reads from a report besides the scores (bench/lighthouse.mjs,
// docs/decisions/049-lighthouse-on-this-machine.md): which scripts had arrived before the LCP the
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
