import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";

// Worker tests run inside workerd with real D1, KV and R2 bindings (CONVENTIONS.md "Tests").
// reactRouter() resolves the virtual server build the Worker imports (DESIGN.md section 2).
const TEST_PURGE_TOKEN = "test-purge-token-0123456789abcdef0123456789";
const TEST_ADMIN_TOKEN = "test-admin-token-0123456789abcdef0123456789";

export default defineConfig(async () => {
  const migrations = await readD1Migrations("migrations");
  return {
    plugins: [
      reactRouter(),
      cloudflareTest({
        main: "./worker/index.ts",
        wrangler: { configPath: "./wrangler.toml" },
        // PURGE_TOKEN and ADMIN_TOKEN turn the purge webhook and the submissions admin endpoints on
        // (tests/worker/cache-purge.test.ts, tests/worker/submissions-admin.test.ts).
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            PURGE_TOKEN: TEST_PURGE_TOKEN,
            ADMIN_TOKEN: TEST_ADMIN_TOKEN,
          },
        },
      }),
    ],
    test: {
      name: "workers",
      include: ["tests/worker/**/*.test.ts"],
      setupFiles: ["tests/worker/setup.ts"],
      // Node-side stand-ins the Worker reaches over HTTP (a broken CMS for the fault matrix).
      globalSetup: ["tests/worker/global-setup.ts"],
    },
  };
});
