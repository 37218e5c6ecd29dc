// Types for the TypeScript tests of what the Lighthouse bench reads from a report
// (tests/stand-ins/bench-lighthouse.test.ts); the bench itself is plain JavaScript.
export type Diagnosis = {
  benchmarkIndex: number | undefined;
  scripts: { total: number; beforeLcp: number } | undefined;
  longTasks: { what: string; ms: number }[];
};
export function diagnose(lhr: unknown, pageUrl: string): Diagnosis;
export type LighthouseRow =
  | { name: string; path: string; run: number; error: string }
  | ({
      name: string;
      path: string;
      run: number;
      scores: Record<string, number>;
      fcp: number;
      lcp: number;
      tbt: number;
      cls: number;
      failing: string[];
      failingBy: Record<string, string[]>;
    } & Partial<Diagnosis>);
export function lighthouseTable(rows: LighthouseRow[]): string;
