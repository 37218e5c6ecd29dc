// The Strapi CMS in cms/ for the Worker and the tests: installs its dependencies when missing
// and starts it headless. `npm run cms:start` runs the operator's in the foreground.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { devNull } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { cmsStartEnv } from "./cms-env.mjs";
import { cmsSecrets } from "./cms-secrets.mjs";
import { ROOT, stopProcess } from "./lib.mjs";

export const CMS_DIR = join(ROOT, "cms");

const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
const INSTALL = ["install", "--no-audit", "--no-fund"];
const cmsDepsInstalled = () => existsSync(join(CMS_DIR, "node_modules", "@strapi", "strapi", "package.json"));

/** `npm install` in cms/ in the foreground (non-interactive; docs/decisions/001); throws if it fails. */
export function installCmsDeps() {
  const result = spawnSync(NPM, INSTALL, {
    cwd: CMS_DIR,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, CI: "true" },
  });
  if (result.status !== 0)
    throw new Error(`npm install in cms/ exited with ${result.status ?? result.signal}`);
}

/** `npm install` in cms/ when @strapi/strapi is missing. */
export function ensureCmsDeps() {
  if (cmsDepsInstalled()) return false;
  console.log("Installing the CMS dependencies in cms/ (a few minutes the first time)…");
  installCmsDeps();
  return true;
}

/**
 * `npm install` in cms/ started in the background when @strapi/strapi is missing, at a lower CPU
 * priority (`nice`), so `npm test` downloads the CMS's dependencies while the lanes before the
 * Strapi lane run. Returns null when they are installed already; otherwise `finished` resolves
 * to whether the install succeeded, its output being in `logPath`.
 */
export function prefetchCmsDeps(logPath) {
  if (cmsDepsInstalled()) return null;
  const out = openSync(logPath, "w");
  const [cmd, args] = process.platform === "win32" ? [NPM, INSTALL] : ["nice", ["-n", "10", NPM, ...INSTALL]];
  const child = spawn(cmd, args, {
    cwd: CMS_DIR,
    stdio: ["ignore", out, out],
    env: { ...process.env, CI: "true" },
  });
  const finished = new Promise((resolve) => {
    child.once("error", () => resolve(false));
    child.once("exit", (code) => resolve(code === 0));
  });
  return { finished, stop: () => child.kill() };
}

const handedOut = new Set();

/**
 * A TCP port nobody listens on right now, and not one this process has handed out before: the
 * kernel may offer a port again as soon as it is released, and a port taken for a server that
 * starts later (the Strapi lane's Meilisearch stand-in) is not bound yet when the next is asked.
 */
export async function freePort() {
  for (;;) {
    const port = await new Promise((resolve, reject) => {
      const server = createServer();
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => {
        const { port } = server.address();
        server.close(() => resolve(port));
      });
    });
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

/**
 * The production secrets Strapi refuses to start without (cms/config/lib/secrets.js) for a CMS
 * whose database is a scratch one: those kept in `<dataDir>/secrets.env`, made with fresh random
 * values the first time, so they last as long as the database beside them.
 */
export function scratchSecrets(dataDir) {
  const file = join(dataDir, "secrets.env");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${cmsSecrets.freshSecrets()}\n`, { mode: 0o600 });
  }
  const secrets = {};
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const match = line.match(/^([A-Z_]+)=(.*)$/);
    if (match) secrets[match[1]] = match[2];
  }
  return secrets;
}

/** `strapi start` in cms/ with `env`; resolves once it answers content at `url`. */
async function runStrapi({ url, env, log, timeoutMs = 180_000 }) {
  const out = log ? openSync(log, "a") : "inherit";
  const child = spawn(join(CMS_DIR, "node_modules", ".bin", "strapi"), ["start"], {
    cwd: CMS_DIR,
    stdio: ["ignore", out, out],
    detached: process.platform !== "win32",
    env,
  });
  const stop = () => stopProcess(child);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`Strapi exited with ${child.exitCode}${log ? ` (see ${log})` : ""}`);
    try {
      const res = await fetch(`${url}/api/blog-posts?pagination[pageSize]=1`);
      if (res.ok) return { url, child, stop };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error(`Strapi did not answer on ${url} within ${timeoutMs / 1000} s`);
}

/**
 * Starts a CMS of the caller's own for the lanes and benchmarks (`strapi start` with
 * NODE_ENV=production, admin panel off) and resolves once it answers with content. It reads no
 * cms/.env (ENV_PATH at the null device): a test never writes into the operator's database.
 * `dataDir` holds its SQLite database (unless `env` sets DATABASE_CLIENT=postgres), its uploads
 * (unless `env` names an S3 bucket) and its secrets (scratchSecrets); `token` is the Worker's
 * token (a random one without it); `log` a file for its output, else inherit; `env` adds
 * variables (e.g. CROSSFADE_PURGE_URL, or CMS_SEED_DEMO=true for the demo catalogue, which is
 * loaded only when asked for).
 */
export async function startCms({ port = 1337, dataDir, token, log, env = {}, timeoutMs = 180_000 } = {}) {
  mkdirSync(join(dataDir, "public", "uploads"), { recursive: true });
  const apiToken = token ?? randomBytes(24).toString("hex");
  const cms = await runStrapi({
    url: `http://127.0.0.1:${port}`,
    log,
    timeoutMs,
    env: {
      ...process.env,
      ENV_PATH: devNull,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_CLIENT: "sqlite",
      DATABASE_FILENAME: join(dataDir, "data.db"),
      CMS_PUBLIC_DIR: join(dataDir, "public"),
      CMS_API_TOKEN: apiToken,
      CMS_SEED_DEMO: "false",
      ...scratchSecrets(dataDir),
      STRAPI_TELEMETRY_DISABLED: "true",
      BROWSER: "none",
      ...env,
    },
  });
  return { ...cms, token: apiToken };
}

// `npm run cms:start`: the operator's CMS in the foreground. cms/.env and the environment win;
// what it defaults, it prints (scripts/cms-env.mjs). A scratch database and its uploads and
// secrets live in cms/.tmp/ (or the folder CMS_DATA_DIR names).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureCmsDeps();
  const dataDir = process.env.CMS_DATA_DIR || join(CMS_DIR, ".tmp");
  const start = cmsStartEnv({ dataDir, scratchSecrets: () => scratchSecrets(dataDir) });
  console.log("npm run cms:start (cms/.env and the environment win over these):");
  for (const note of start.notes) console.log(`  ${note}`);
  if (start.vars.CMS_PUBLIC_DIR) mkdirSync(join(start.vars.CMS_PUBLIC_DIR, "uploads"), { recursive: true });
  const cms = await runStrapi({ url: start.url, env: { ...process.env, ...start.vars } });
  console.log(`Strapi is running at ${cms.url} (API ${cms.url}/api). Ctrl+C to stop.`);
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      cms.stop();
      process.exit(0);
    });
  }
  cms.child.on("exit", (code) => process.exit(code ?? 0));
}
