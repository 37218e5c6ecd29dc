import { type ChildProcess, execSync } from "node:child_process";
import { existsSync, openSync, rmSync } from "node:fs";
import { join } from "node:path";
// @ts-expect-error: plain ESM helper shared with the start script
import { freePort } from "@scripts/cms.mjs";
// @ts-expect-error: plain ESM helper shared with the start script
import { migrateDatabase, prepareDatabase, ROOT, serve } from "@scripts/lib.mjs";

/** Where the outside lanes keep the Worker's local D1/R2/KV/cache state and its log. */
export const ARTIFACTS = join(ROOT, "tests", ".artifacts");

/**
 * The flattened config of the build under test: this tree's build/, or OUTSIDE_BUILD (another
 * tree's build/ folder), to run these lanes against a branch before it lands.
 */
export const BUILD_CONFIG = join(process.env.OUTSIDE_BUILD ?? join(ROOT, "build"), "server", "wrangler.json");

export interface RunningWorker {
  url: string;
  child: ChildProcess;
  /** Ends wrangler and workerd with the signal (the whole process group). */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Serves the production build (build/ from `react-router build`) with `wrangler dev` on a free
 * 127.0.0.1 port, its state under `persistTo`. `database`: "seeded" loads the demo catalogue
 * (embedded mode), "schema" only migrates (a CMS is the source, D1 keeps forms and rate limits).
 */
export async function startWorker(options: {
  persistTo: string;
  vars?: Record<string, string>;
  database?: "seeded" | "schema" | "keep";
  fresh?: boolean;
  /** Where the local Email Service writes the mails (scripts/lib.mjs `serve`). */
  mailDir?: string;
  /** Another flattened config beside the build's (default: BUILD_CONFIG). */
  config?: string;
}): Promise<RunningWorker> {
  const { persistTo, vars = {}, database = "schema", fresh = true, mailDir, config = BUILD_CONFIG } = options;
  if (fresh) rmSync(persistTo, { recursive: true, force: true });
  if (database === "seeded") prepareDatabase(persistTo);
  if (database === "schema") migrateDatabase(persistTo);
  const port = await freePort();
  const log = openSync(`${persistTo}.log`, "a");
  const server = await serve({ port, persistTo, vars, stdio: log, config, mailDir });
  const child: ChildProcess = server.child;
  return {
    url: server.url,
    child,
    kill: (signal) =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        try {
          process.kill(-(child.pid as number), signal);
        } catch {
          child.kill(signal);
        }
      }),
  };
}

/** Debian's Java for the Nu HTML Checker; installed when missing, as the e2e lane does Chromium. */
export function ensureJava() {
  try {
    execSync("java -version", { stdio: "ignore" });
    return;
  } catch {
    // not installed
  }
  console.log("Installing Java (default-jre-headless) with apt-get…");
  execSync(
    "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless",
    { stdio: "inherit" },
  );
}

/** The production build must exist: `npm test` builds it in the build lane. */
export function requireBuild() {
  if (!existsSync(BUILD_CONFIG))
    throw new Error("No production build: run `npm test -- build` (or `npm run build`) first.");
}
