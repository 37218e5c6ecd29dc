import { describe, expect, it } from "vitest";
import { type HeapSnapshot, snapshotGrowth, summariseSnapshot } from "../inspector.mjs";
import {
  heapTrend,
  type LiveReading,
  type LoadMeasurement,
  liveEvery,
  liveSummary,
  loadSection,
} from "../load.mjs";

// The load benchmark's heap figures (bench/load.mjs, bench/inspector.mjs): floors of the heap's
// sawtooth, the live heap after forced collections, and what grew between two heap snapshots.

const MiB = 1024 ** 2;

const measured = (live: LiveReading[]): LoadMeasurement => ({
  result: {
    requests: 6000,
    duration_us: 60e6,
    errors: { connect: 0, read: 0, write: 0, timeout: 0, status: 40 },
    latency_us: { p50: 40_000, p90: 80_000, p99: 150_000, max: 400_000 },
    statuses: { "200": 5960, "404": 40 },
  },
  memory: { before: 200_000, peak: 300_000, after: 250_000, processes: 2 },
  heap: [
    { at: 0, used: 12 * MiB },
    { at: 10, used: 20 * MiB, peak: 40 * MiB },
    { at: 20, used: 4 * MiB, peak: 40 * MiB, collected: true },
    { at: 30, used: 22 * MiB, peak: 40 * MiB },
    { at: 40, used: 24 * MiB, peak: 40 * MiB },
    { at: 65, used: 14 * MiB, final: true },
  ],
  heapEvery: 10,
  live,
  load: { before: 1, after: 2 },
  mix: ["/", "/blog"],
  duration: 60,
  connections: 50,
});

describe("the live heap in the load benchmark", () => {
  it("reads it about ten times over a soak and at least 30 s apart", () => {
    expect(liveEvery(600)).toBe(60);
    expect(liveEvery(60)).toBe(30);
  });

  it("sums up before, under and after the load, with the growth and the slope under load", () => {
    const summary = liveSummary([
      { at: 0, used: 7 * MiB, total: 18 * MiB, ms: 20 },
      { at: 60, used: 10 * MiB, total: 70 * MiB, ms: 80 },
      { at: 120, used: 11 * MiB, total: 70 * MiB, ms: 40 },
      { at: 180, used: 12 * MiB, total: 70 * MiB, ms: 30 },
      { at: 190, used: 7.5 * MiB, total: 60 * MiB, ms: 25, final: true },
    ]);
    expect(summary.before?.used).toBe(7 * MiB);
    expect(summary.after?.used).toBe(7.5 * MiB);
    expect(summary.growth).toBe(0.5 * MiB);
    expect(summary.underLoad.map((l) => l.at)).toEqual([60, 120, 180]);
    // 1 MiB a minute under load.
    expect(summary.trend).toBeCloseTo(MiB, 0);
    expect(summary.longestMs).toBe(80);
    expect(summary.failed).toEqual([]);
  });

  it("keeps a failed reading as a failure without losing the others", () => {
    const summary = liveSummary([
      { at: 0, error: "HeapProfiler.getSamplingProfile: no answer within 30000 ms" },
      { at: 60, used: 10 * MiB, total: 70 * MiB, ms: 80 },
      { at: 70, used: 8 * MiB, total: 60 * MiB, ms: 30, final: true },
    ]);
    expect(summary.before).toBeUndefined();
    expect(summary.growth).toBeUndefined();
    expect(summary.after?.used).toBe(8 * MiB);
    expect(summary.failed).toHaveLength(1);
  });

  it("reports the live heap in results.md's Load section, failures included, other figures intact", () => {
    const { lines, failed } = loadSection(
      measured([
        { at: 0, used: 7 * MiB, total: 18 * MiB, ms: 20 },
        { at: 30, error: "HeapProfiler.stopSampling: no answer within 30000 ms" },
        { at: 66, used: 7.25 * MiB, total: 60 * MiB, ms: 25, final: true },
      ]),
    );
    const text = lines.join("\n");
    expect(failed).toBe(false);
    expect(text).toContain(
      "| Worker JS heap live (after full collections): before the load / after it, growth | 7.0 MiB / 7.3 MiB, +0.3 MiB |",
    );
    expect(text).toContain("30 s: failed (HeapProfiler.stopSampling: no answer within 30000 ms)");
    expect(text).toContain("| Requests | 6000 (100 per second) |");
    // The window that began with a forced collection is not a floor.
    expect(text).toContain("floor per window: min / max, trend | 20.0 MiB / 24.0 MiB");
  });

  it("says so when the live heap was not read", () => {
    const text = loadSection(measured([])).lines.join("\n");
    expect(text).toContain(
      "before the load / after it, growth | not measured / not measured, not measured |",
    );
    expect(text).toContain(
      "Worker JS heap live under load (requests in flight included): min / max, trend | no readings |",
    );
  });

  it("leaves windows with a forced collection out of the floors' trend", () => {
    const heap = [
      { at: 10, used: 10 * MiB },
      { at: 20, used: 1 * MiB, collected: true },
      { at: 30, used: 10 * MiB },
      { at: 40, used: 10 * MiB },
    ];
    expect(heapTrend(heap)).toBe(0);
  });
});

/** A snapshot in V8's format: nodes are rows of [type, name, id, self_size, edge_count]. */
function snapshot(rows: [string, string, number][]): HeapSnapshot {
  const types = ["hidden", "array", "string", "object", "code", "closure"];
  const strings = [...new Set(rows.map(([, name]) => name))];
  return {
    snapshot: {
      meta: { node_fields: ["type", "name", "id", "self_size", "edge_count"], node_types: [types, "string"] },
    },
    nodes: rows.flatMap(([type, name, size], i) => [
      types.indexOf(type),
      strings.indexOf(name),
      i * 2 + 1,
      size,
      0,
    ]),
    strings,
  };
}

describe("heap snapshots summed by constructor", () => {
  const before = snapshot([
    ["object", "AbortSignal", 40],
    ["closure", "stop", 32],
    ["string", "<html>", 100],
    ["array", "", 16],
  ]);
  const after = snapshot([
    ["object", "AbortSignal", 40],
    ["object", "AbortSignal", 40],
    ["object", "AbortSignal", 40],
    ["closure", "stop", 32],
    ["closure", "stop", 32],
    ["closure", "", 24],
    ["string", "<html>", 100],
    ["string", "<body>", 300],
  ]);

  it("groups objects by constructor, closures by name and the rest by type", () => {
    const summary = summariseSnapshot(after);
    expect(summary.total).toBe(608);
    expect(Object.fromEntries(summary.groups)).toEqual({
      AbortSignal: { count: 3, size: 120 },
      "stop()": { count: 2, size: 64 },
      "(anonymous)()": { count: 1, size: 24 },
      "(string)": { count: 2, size: 400 },
    });
  });

  it("lists what grew, by size and by count, and what went away", () => {
    const growth = snapshotGrowth(summariseSnapshot(before), summariseSnapshot(after), { top: 10 });
    expect(growth.total).toBe(608 - 188);
    expect(growth.bySize[0]).toEqual({ key: "(string)", count: 1, size: 300, countAfter: 2, sizeAfter: 400 });
    expect(growth.byCount[0]).toMatchObject({ key: "AbortSignal", count: 2, size: 80 });
    expect(growth.bySize.at(-1)).toEqual({
      key: "(array)",
      count: -1,
      size: -16,
      countAfter: 0,
      sizeAfter: 0,
    });
  });
});
