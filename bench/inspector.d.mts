// Types for the TypeScript tests of the inspector's summaries (bench/tests/heap.test.ts);
// the bench itself is plain JavaScript.
export type HeapSnapshot = {
  snapshot: { meta: { node_fields: string[]; node_types: (string[] | string)[] } };
  nodes: number[];
  strings: string[];
};
export type SnapshotSummary = { total: number; groups: Map<string, { count: number; size: number }> };
export type GrowthRow = { key: string; count: number; size: number; countAfter: number; sizeAfter: number };
export function summariseSnapshot(snapshot: HeapSnapshot): SnapshotSummary;
export function snapshotGrowth(
  before: SnapshotSummary,
  after: SnapshotSummary,
  options?: { top?: number },
): { total: number; bySize: GrowthRow[]; byCount: GrowthRow[] };
