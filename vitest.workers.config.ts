import { readFileSync } from "node:fs";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";
import { reactByteLengthInJs } from "./scripts/react-byte-length.ts";
import { demoCatalogue } from "./tests/support/demo-catalogue.ts";
import { standInDsn } from "./tests/support/sentry-stand-in.ts";

// Worker tests run inside workerd with real D1, KV and R2 bindings (docs/conventions.md "Tests").
// reactRouter() resolves the virtual server build the Worker imports (docs/decisions/001).
const TEST_PURGE_TOKEN = "test-purge-token-0123456789abcdef0123456789";
const TEST_ADMIN_TOKEN = "test-admin-token-0123456789abcdef0123456789";
const TEST_PREVIEW_SECRET = "test-preview-secret-0123456789abcdef01234567";

export default defineConfig(async () => {
  const migrations = await readD1Migrations("migrations");
  // The demo catalogue of content/, as `npm run cms:catalogue` builds it from the files (the unit
  // lane fails while the two differ, scripts/cms-catalogue.test.ts): workerd cannot read files, and
  // reading the built JSON keeps the content tooling out of this config.
  const catalogue = JSON.stringify(JSON.parse(readFileSync("cms/data/catalogue.json", "utf8")));
  return {
    resolve: { tsconfigPaths: true },
    plugins: [
      reactRouter(),
      // The server's React as production builds it (docs/decisions/042).
      reactByteLengthInJs(),
      // `virtual:demo-catalogue`, read from TEST_CATALOGUE (tests/support/demo-catalogue.ts).
      demoCatalogue("workerd"),
      cloudflareTest(({ inject }) => ({
        main: "./worker/index.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          // A database of its own for the upgrade test (tests/worker/store-upgrade.test.ts).
          d1Databases: { UPGRADE_DB: "crossfade-upgrade-test" },
          bindings: {
            TEST_MIGRATIONS: migrations,
            TEST_CATALOGUE: catalogue,
            // PURGE_TOKEN turns the cache purge webhook on (tests/worker/cache-purge.test.ts).
            PURGE_TOKEN: TEST_PURGE_TOKEN,
            // ADMIN_TOKEN turns the submissions admin endpoints on (tests/worker/submissions-admin.test.ts).
            ADMIN_TOKEN: TEST_ADMIN_TOKEN,
            // Preview links are signed with it (tests/worker/preview.test.ts).
            PREVIEW_SECRET: TEST_PREVIEW_SECRET,
            // The rate limiters' key, as a deployment has one (tests/worker/rate-limit-salt.test.ts).
            RATE_LIMIT_SALT: "test-rate-limit-salt-0123456789abcdef01234567",
            // Errors are reported to a local stand-in for Sentry (tests/support/workers-global-setup.ts).
            SENTRY_DSN: standInDsn(inject("sentryStandIn")),
            SENTRY_STAND_IN: inject("sentryStandIn"),
            FAULT_SERVER: inject("faultServer"),
            // Cases per fuzz property (tests/worker/fuzz.ts, used by tests/worker/fuzz-*.test.ts); 1000 unless set lower locally.
            FUZZ_RUNS: process.env.FUZZ_RUNS ?? "1000",
          },
        },
      })),
    ],
    test: {
      name: "workers",
      include: ["tests/worker/**/*.test.ts"],
      setupFiles: ["tests/worker/setup.ts"],
      // Node-side stand-ins the Worker reaches over HTTP: Sentry, a misbehaving upstream, a broken CMS.
      globalSetup: ["tests/support/workers-global-setup.ts"],
      // Each file gets a runtime of its own (fresh storage and module state); starting one and
      // loading the Worker into it takes seconds while the CPU mostly waits, so two files run at
      // once (vitest's default on two cores is one). The timeouts leave room for a test sharing
      // the CPU with another (a 60 MB upload parsed, a fault matrix's hook).
      maxWorkers: 2,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
});
