import { join } from "node:path";
import { defineConfig } from "vitest/config";

// The benchmarks' own tests (`npm run bench:test`): the pure parts of bench/ (floors, heap and
// Lighthouse summaries, the reporting sink, finding wrk), in Node. Not a lane of `npm test`: they
// check the measuring, not the site (docs/decisions/133).
export default defineConfig({
  root: join(import.meta.dirname, ".."),
  resolve: { tsconfigPaths: true },
  test: {
    name: "bench",
    include: ["bench/tests/**/*.test.ts"],
    environment: "node",
  },
});
