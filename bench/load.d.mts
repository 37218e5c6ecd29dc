// Types for the TypeScript tests of the load benchmark's summaries (bench/tests/heap.test.ts);
// the bench itself is plain JavaScript.
export type HeapWindow = {
  at: number;
  used: number;
  total?: number;
  peak?: number;
  final?: boolean;
  collected?: boolean;
};
export type LiveReading =
  | { at: number; used: number; total: number; ms: number; final?: boolean }
  | { at: number; error: string; final?: boolean };
export type WrkResult = {
  requests: number;
  duration_us: number;
  errors: Record<"connect" | "read" | "write" | "timeout" | "status", number>;
  latency_us: Record<"p50" | "p90" | "p99" | "max", number>;
  statuses: Record<string, number>;
};
export type LoadMeasurement = {
  result: WrkResult;
  memory: { before: number; peak: number; after: number; processes: number; series?: unknown[] };
  heap: HeapWindow[];
  heapEvery?: number;
  live?: LiveReading[];
  load: { before: number; after: number };
  mix: string[];
  duration: number;
  connections: number;
};
export function liveEvery(duration: number): number;
export function heapTrend(heap: HeapWindow[]): number | undefined;
export function slopePerMinute(points: { at: number; used: number }[]): number | undefined;
export function liveSummary(live?: LiveReading[]): {
  before?: LiveReading & { used: number };
  after?: LiveReading & { used: number };
  underLoad: (LiveReading & { used: number })[];
  growth?: number;
  trend?: number;
  failed: (LiveReading & { error: string })[];
  longestMs?: number;
};
export function loadSection(measured: LoadMeasurement): { lines: string[]; failed: boolean };
