// Types for the TypeScript test of finding wrk (bench/tests/wrk.test.ts); the bench itself is
// plain JavaScript.
export const WRK_INSTALL: string;
export function findWrk(): string | undefined;
export function requireWrk(log?: (line: string) => void): string;
