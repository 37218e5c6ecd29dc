import { defineConfig } from "vitest/config";

// Unit tests: pure modules, beside their code, in Node.
export default defineConfig({
  test: {
    name: "unit",
    include: ["app/**/*.test.{ts,tsx}", "worker/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
  },
});
