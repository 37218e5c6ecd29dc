import { defineConfig } from "vitest/config";

// End-to-end: real Chromium against the production build served by wrangler on 127.0.0.1.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    name: "e2e",
    include: ["tests/e2e/**/*.e2e.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    environment: "node",
    // One file at a time: Chromium keeps both cores busy on its own, so a second file makes every
    // step slower (tried on two cores: 580 s instead of 656 s, and a five-second wait for the
    // newsletter's second step ran out; docs/testing.md).
    fileParallelism: false,
    // One more try for a failed test: wrangler dev's local asset server now and then leaves a
    // module script unanswered for over 30 s, which holds hydration (docs/testing.md "The e2e
    // lane"). The failed try still prints the requests it waited for (tests/e2e/browser.ts).
    retry: 1,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
