import { defineConfig } from "vitest/config";

// From outside: the production build under wrangler dev, seen only through HTTP (the fault
// matrix against a switchable stand-in CMS, durability across killed Workers, the markup
// checker). Each file starts its own Worker on a state of its own; scripts/test.mjs runs them
// as the `faults`, `durability` and `markup` lanes after the build lane.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    name: "outside",
    include: ["tests/outside/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
