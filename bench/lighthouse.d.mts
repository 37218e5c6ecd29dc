// Types for the TypeScript tests of what the Lighthouse bench reads from a report
// (bench/tests/lighthouse.test.ts); the bench itself is plain JavaScript.
export type Diagnosis = {
  benchmarkIndex: number | undefined;
  scripts: { total: number; beforeLcp: number } | undefined;
  longTasks: { what: string; ms: number }[];
};
export function diagnose(lhr: unknown, pageUrl: string): Diagnosis;
export type LighthouseRow =
  | { name: string; path: string; run: number; load?: number; variant?: Variant; error: string }
  | ({
      name: string;
      path: string;
      run: number;
      load?: number;
      variant?: Variant;
      scores: Record<string, number>;
      fcp: number;
      lcp: number;
      tbt: number;
      interactive?: number;
      cls: number;
      failing: string[];
      failingBy: Record<string, string[]>;
    } & Partial<Diagnosis>);
export type Variant = "site" | "framework" | "limit";
export function lighthouseTable(rows: LighthouseRow[]): string;
export function floorTable(rows: LighthouseRow[]): string;
export type Judged = (LighthouseRow & { loads: number; failed: number }) | undefined;
export function medianOfLoads(loads: LighthouseRow[]): Judged;
export function floorRows(rows: LighthouseRow[]): {
  name: string;
  path: string;
  run: number;
  site: Judged;
  framework: Judged;
  limit: Judged;
  score: number | undefined;
  tbt: number | undefined;
  met: boolean;
  pairs: { within: number; of: number };
}[];
export function representativeRows(rows: LighthouseRow[]): (LighthouseRow & { of?: number })[];
