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
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
