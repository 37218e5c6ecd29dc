import { defineConfig } from "vitest/config";

// End-to-end: real Chromium against the production build served by wrangler on 127.0.0.1.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    name: "e2e",
    include: ["tests/e2e/**/*.e2e.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    environment: "node",
    // Two files at once against the one server: each file's pages live in their own browser
    // contexts, and no test counts what another file's test may add (a submission, a sign-up).
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
