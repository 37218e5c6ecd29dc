import { execSync } from "node:child_process";
import { existsSync, openSync, rmSync } from "node:fs";
import { join } from "node:path";
// @ts-expect-error: plain ESM helper shared with the start script
import { prepareDatabase, ROOT, SECRET_CANARIES, serve } from "@scripts/lib.mjs";
import type { TestProject } from "vitest/node";
import { standInDsn, startSentryStandIn } from "../support/sentry-stand-in";

export const CHROMIUM = "/usr/bin/chromium";

/** Debian's Chromium; installed here when missing, since CI starts from a bare machine. */
function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  console.log("Installing Chromium with apt-get…");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", {
    stdio: "inherit",
  });
}

/**
 * Serves the production build on 127.0.0.1 with a freshly seeded database of its own (its output
 * in tests/.artifacts/e2e-server.log), the stand-in secrets (tests/e2e/secrets.e2e.ts) and error reporting pointed at a local Sentry
 * stand-in (tests/e2e/hardening.e2e.ts).
 */
export default async function setup(project: TestProject) {
  ensureChromium();
  const persistTo = join(ROOT, "tests", ".artifacts", "e2e-state");
  rmSync(persistTo, { recursive: true, force: true });
  prepareDatabase(persistTo);
  const standIn = await startSentryStandIn();
  const port = Number(process.env.E2E_PORT ?? 8790);
  const vars = {
    ADMIN_TOKEN: SECRET_CANARIES.ADMIN_TOKEN,
    PURGE_TOKEN: SECRET_CANARIES.PURGE_TOKEN,
    PREVIEW_SECRET: SECRET_CANARIES.PREVIEW_SECRET,
    SENTRY_DSN: standInDsn(standIn.url, E2E_DSN_KEY),
  };
  // The server's own lines go to a file beside its state: a test that times out can be read
  // against what the Worker logged.
  const log = openSync(join(ROOT, "tests", ".artifacts", "e2e-server.log"), "w");
  const server = await serve({ port, persistTo, stdio: log, vars });
  project.provide("baseUrl", server.url);
  project.provide("sentryStandIn", standIn.url);
  return async () => {
    server.stop();
    await standIn.close();
  };
}

/** The public key of the e2e server's DSN: the browser must never see it (the tunnel keeps it). */
export const E2E_DSN_KEY = "e2eDsnKey4b8d2f6a0c";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    sentryStandIn: string;
  }
}
