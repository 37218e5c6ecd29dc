import type { D1Migration } from "@cloudflare/vitest-pool-workers";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** The demo catalogue read from content/, as JSON (vitest.workers.config.ts). */
      TEST_CATALOGUE: string;
      /** An empty D1 database of its own for tests/worker/store-upgrade.test.ts. */
      UPGRADE_DB: D1Database;
      /** The Sentry stand-in's base URL (tests/support/sentry-stand-in.ts). */
      SENTRY_STAND_IN: string;
      /** The misbehaving upstream of the fault matrix (tests/support/fault-server.ts). */
      FAULT_SERVER: string;
      /** Cases per fuzz property; 1000 unless FUZZ_RUNS is set. */
      FUZZ_RUNS: string;
    }
  }
}
