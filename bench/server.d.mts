// Types for the TypeScript tests that use the bench's error-reporting sink
// (bench/tests/sink.test.ts); the bench itself is plain JavaScript.
export type SinkCounts = {
  envelopes: number;
  transactions: number;
  events: number;
  merged: number;
  connections: number;
};
export function startSink(): Promise<{
  dsn: string;
  counts(): SinkCounts;
  reset(): void;
  close(): void;
}>;
export function parseRequest(bytes: Buffer): { body: Buffer; end: number; close: boolean } | null | undefined;
