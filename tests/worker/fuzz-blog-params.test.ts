import fc from "fast-check";
import { describe, it } from "vitest";
import { allowLongProperties, RUNS, safe, segment } from "./fuzz";

// Bad input everywhere: see tests/worker/fuzz.ts.
allowLongProperties();

const ROUTE_PARAMS: [string, (s: string) => string][] = [
  ["/blog/:id", (s) => `/blog/${s}`],
  ["/blog/category/:category", (s) => `/blog/category/${s}`],
  ["/blog/tag/:tag", (s) => `/blog/tag/${s}`],
  ["/blog/genre/:slug", (s) => `/blog/genre/${s}`],
  ["/blog/location/:slug", (s) => `/blog/location/${s}`],
  ["/mixtapes/:id", (s) => `/mixtapes/${s}`],
  ["/releases/:id", (s) => `/releases/${s}`],
  ["/events/:id", (s) => `/events/${s}`],
  ["/events/:id.ics", (s) => `/events/${s}.ics`],
  ["/media/audio/*", (s) => `/media/audio/${s}`],
  ["any other path", (s) => `/${s}/${s}`],
];

describe("every route parameter takes any text without a 5xx", () => {
  it.each(ROUTE_PARAMS.filter(([name]) => name.startsWith("/blog")))(
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
