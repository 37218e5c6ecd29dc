import { execSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
// @ts-expect-error: plain ESM helper shared with the start script
import { prepareDatabase, ROOT, serve } from "../../scripts/lib.mjs";
import { E2E_ADMIN_TOKEN } from "./admin-token";

export const CHROMIUM = "/usr/bin/chromium";

/** Debian's Chromium; installed here when missing, since CI starts from a bare machine. */
function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  console.log("Installing Chromium with apt-get…");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", {
    stdio: "inherit",
  });
}

/** Serves the production build on 127.0.0.1 with a freshly seeded database of its own. */
export default async function setup(project: TestProject) {
  ensureChromium();
  const persistTo = join(ROOT, "tests", ".artifacts", "e2e-state");
  rmSync(persistTo, { recursive: true, force: true });
  prepareDatabase(persistTo);
  const port = Number(process.env.E2E_PORT ?? 8790);
  const server = await serve({ port, persistTo, stdio: "ignore", vars: { ADMIN_TOKEN: E2E_ADMIN_TOKEN } });
  project.provide("baseUrl", server.url);
  return () => server.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
