import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";

// Worker tests run inside workerd with real D1, KV and R2 bindings (CONVENTIONS.md "Tests").
// reactRouter() resolves the virtual server build the Worker imports (DESIGN.md section 2).
export default defineConfig(async () => {
  const migrations = await readD1Migrations("migrations");
  return {
    plugins: [
      reactRouter(),
      cloudflareTest({
        main: "./worker/index.ts",
        wrangler: { configPath: "./wrangler.toml" },
        // ADMIN_TOKEN turns the submissions admin endpoints on (tests/worker/submissions-admin.test.ts).
        miniflare: { bindings: { TEST_MIGRATIONS: migrations, ADMIN_TOKEN: "test-admin-token" } },
      }),
    ],
    test: {
      name: "workers",
      include: ["tests/worker/**/*.test.ts"],
      setupFiles: ["tests/worker/setup.ts"],
    },
  };
});
