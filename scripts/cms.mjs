// The Strapi CMS in cms/ for the Worker and the tests: installs its dependencies when missing
// and starts it headless on 127.0.0.1. `npm run cms:start` runs it in the foreground.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
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

/** The value of NAME in a .env file (NAME=value lines, optionally quoted), or undefined. */
export function envFileValue(file, name) {
  if (!existsSync(file)) return undefined;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const match = line.match(/^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/);
    if (match?.[1] !== name) continue;
    const value = match[2].trim().replace(/^(['"])(.*)\1$/, "$2");
    return value || undefined;
  }
  return undefined;
}

/**
 * The operator's Worker token for `npm run cms:start`: the environment's CMS_API_TOKEN, else
 * cms/.env's. Only without either does the run make one up (and print it): the Worker's forms
 * answer 503 with any token but the one the operator gave it.
 */
export function operatorToken(env = process.env, envFile = join(CMS_DIR, ".env")) {
  return env.CMS_API_TOKEN || envFileValue(envFile, "CMS_API_TOKEN");
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
 * The production secrets Strapi refuses to start without (cms/config/lib/secrets.js), for a CMS
 * started from here: none when cms/.env exists (the operator's own), else the ones kept in
 * `<dataDir>/secrets.env`, made with fresh random values the first time. Variables already in
 * the environment win.
 */
export function localSecrets(dataDir) {
  if (existsSync(join(CMS_DIR, ".env"))) return {};
  const file = join(dataDir, "secrets.env");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${cmsSecrets.freshSecrets()}\n`, { mode: 0o600 });
  }
  const secrets = {};
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const match = line.match(/^([A-Z_]+)=(.*)$/);
    if (match && !process.env[match[1]]) secrets[match[1]] = match[2];
  }
  return secrets;
}

/**
 * Starts Strapi (`strapi start` with NODE_ENV=production, admin panel off) and resolves once it
 * answers with content. `dataDir` holds its SQLite database (unless `env` sets
 * DATABASE_CLIENT=postgres), its uploads (unless `env` names an S3 bucket) and its secrets
 * (localSecrets); `log` a file for its output, else inherit; `env` adds variables (e.g.
 * CROSSFADE_PURGE_URL and CROSSFADE_PURGE_TOKEN for the webhook). The demo catalogue is loaded
 * into an empty database unless CMS_SEED_DEMO=false.
 */
export async function startCms({ port = 1337, dataDir, token, log, env = {}, timeoutMs = 180_000 } = {}) {
  mkdirSync(join(dataDir, "public", "uploads"), { recursive: true });
  const apiToken = token ?? randomBytes(24).toString("hex");
  const out = log ? openSync(log, "a") : "inherit";
  const child = spawn(join(CMS_DIR, "node_modules", ".bin", "strapi"), ["start"], {
    cwd: CMS_DIR,
    stdio: ["ignore", out, out],
    detached: process.platform !== "win32",
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_FILENAME: join(dataDir, "data.db"),
      CMS_PUBLIC_DIR: join(dataDir, "public"),
      CMS_API_TOKEN: apiToken,
      CMS_SEED_DEMO: process.env.CMS_SEED_DEMO ?? "true",
      ...localSecrets(dataDir),
      STRAPI_TELEMETRY_DISABLED: "true",
      BROWSER: "none",
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () => stopProcess(child);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`Strapi exited with ${child.exitCode}${log ? ` (see ${log})` : ""}`);
    try {
      const res = await fetch(`${url}/api/blog-posts?pagination[pageSize]=1`);
      if (res.ok) return { url, token: apiToken, child, stop };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error(`Strapi did not answer on ${url} within ${timeoutMs / 1000} s`);
}

// `node scripts/cms.mjs`: the operators' CMS in the foreground, data in cms/.tmp/ (or the folder
// CMS_DATA_DIR names), on 127.0.0.1:1337 (or PORT).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureCmsDeps();
  const port = Number(process.env.PORT ?? 1337);
  const ownToken = operatorToken();
  const dataDir = process.env.CMS_DATA_DIR || join(CMS_DIR, ".tmp");
  const cms = await startCms({ port, dataDir, token: ownToken });
  console.log(`Strapi is running at ${cms.url} (API ${cms.url}/api). Ctrl+C to stop.`);
  if (!ownToken) console.log(`API token for this run: CMS_API_TOKEN=${cms.token}`);
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      cms.stop();
      process.exit(0);
    });
  }
  cms.child.on("exit", (code) => process.exit(code ?? 0));
}
