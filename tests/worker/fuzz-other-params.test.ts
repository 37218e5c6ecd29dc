import fc from "fast-check";
import { describe, it } from "vitest";
import { allowLongProperties, ROUTE_PARAMS, RUNS, safe, segment } from "./fuzz";

// Bad input everywhere: see tests/worker/fuzz.ts.
allowLongProperties();

describe("every route parameter takes any text without a 5xx", () => {
  it.each(ROUTE_PARAMS.filter(([name]) => !name.startsWith("/blog")))(
    `%s (${RUNS} cases)`,
    async (_name, path) => {
      await fc.assert(
        fc.asyncProperty(segment, async (s) => {
          await safe(path(s));
        }),
        { numRuns: RUNS },
      );
    },
  );
});
