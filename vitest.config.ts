import { defineConfig } from "vitest/config";

// Unit tests: pure modules, beside their code, in Node.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    name: "unit",
    include: [
      "app/**/*.test.{ts,tsx}",
      "core/**/*.test.ts",
      "worker/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/repo/**/*.test.ts",
      "tests/stand-ins/**/*.test.ts",
      "tests/search/**/*.test.ts",
    ],
    environment: "node",
    // Two files at once (vitest's default on two cores is one): a few files mostly wait on a
    // child process (scripts/search/wrangler-d1.test.ts on wrangler), and the rest fill the gap.
    maxWorkers: 2,
  },
});
