// Shared helpers for the project's Node scripts (start, test, bench).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Recognisable stand-ins for secrets. The test runner's build lane builds with them in the
 * environment and the end-to-end server runs with them, so tests/e2e/secrets.e2e.ts can show
 * that none reaches the client bundle, the server bundle or a rendered page.
 */
export const SECRET_CANARIES = {
  ADMIN_TOKEN: "canary-admin-token-5f1c0e2a9b7d4c3e8a6f",
  PURGE_TOKEN: "canary-purge-token-7d2b9e4f1a6c8e3d5b0a",
  PREVIEW_SECRET: "canary-preview-secret-2c7e9a4f6b1d3e8a0c5f",
  SENTRY_AUTH_TOKEN: "sntrys_canaryAuthToken0b9c8d7e6f5a4b3c2d1e",
  MEILISEARCH_ADMIN_KEY: "canary-meili-admin-key-3e9a7c5b1d8f2a4c6e0b",
  MEILISEARCH_MASTER_KEY: "canary-meili-master-key-8b1d3f5a7c9e2b4d6f0a",
};
const BIN = join(ROOT, "node_modules", ".bin");

/** Runs a local binary to completion; throws with its output when it fails. */
export function run(cmd, args, { env = {}, quiet = false } = {}) {
  const result = spawnSync(join(BIN, cmd), args, {
    cwd: ROOT,
    env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false", ...env },
    stdio: quiet ? "pipe" : ["ignore", "inherit", "inherit"],
    encoding: "utf8",
  });
  if (result.status !== 0) {
    const output = quiet ? `\n${result.stdout}\n${result.stderr}` : "";
    throw new Error(`${cmd} ${args.join(" ")} exited with ${result.status}${output}`);
  }
  return result.stdout ?? "";
}

/**
 * Builds the production bundle (vite build through React Router). `environment` picks a named
 * environment of wrangler.toml: the Cloudflare plugin flattens it into build/server/wrangler.json.
 */
export function build(environment) {
  const env = { NODE_ENV: "production" };
  if (environment) env.CLOUDFLARE_ENV = environment;
  run("react-router", ["build"], { env });
}

/** Applies D1 migrations to the local database under `persistTo` (the schema, no content). */
export function migrateDatabase(persistTo) {
  mkdirSync(persistTo, { recursive: true });
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], { quiet: true });
}

/**
 * Applies D1 migrations to the local database under `persistTo`, then loads the demo
 * catalogue if the database has no posts yet. A second run keeps what is there.
 */
export function prepareDatabase(persistTo) {
  migrateDatabase(persistTo);
  const out = run(
    "wrangler",
    [
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      persistTo,
      "--json",
      "--command",
      "SELECT COUNT(*) AS n FROM posts",
    ],
    { quiet: true },
  );
  const count = JSON.parse(out.slice(out.indexOf("[")))[0]?.results?.[0]?.n ?? 0;
  if (count > 0) return { seeded: false, posts: count };
  const seedFile = join(persistTo, "seed.sql");
  run("tsx", ["scripts/seed.ts", seedFile, "--persist-to", persistTo], { quiet: true });
  run(
    "wrangler",
    ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", seedFile, "--yes"],
    { quiet: true },
  );
  return { seeded: true, posts: 0 };
}

/**
 * Starts `wrangler dev` on the production build; resolves once the server answers. `config`
 * picks another flattened config beside build/server/wrangler.json (the benchmarks' variants).
 */
export async function serve({
  port,
  persistTo,
  ip = "127.0.0.1",
  vars = {},
  stdio = "inherit",
  config = join(ROOT, "build", "server", "wrangler.json"),
  inspectorPort,
  mailDir,
}) {
  const configPath = config;
  if (!existsSync(configPath)) throw new Error("No production build: run `npm run build` first.");
  const args = [
    "dev",
    "-c",
    configPath,
    "--port",
    String(port),
    "--ip",
    ip,
    "--persist-to",
    persistTo,
    "--log-level",
    "warn",
    "--show-interactive-dev-session=false",
    // Without it wrangler prints, on every start, a way to fire the Cron Trigger that this Worker
    // cannot take (docs/operations.md "Locally"); with it the only change is that /__scheduled
    // reaches the site (its 404).
    "--test-scheduled",
  ];
  if (inspectorPort) args.push("--inspector-port", String(inspectorPort));
  for (const [key, value] of Object.entries(vars)) args.push("--var", `${key}:${value}`);
  const child = spawn(join(BIN, "wrangler"), args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      CI: "true",
      WRANGLER_SEND_METRICS: "false",
      // The local Email Service writes each mail's bodies under the runtime's temporary folder:
      // mailDir puts that folder where the caller reads them (mailFiles below).
      ...(mailDir ? { TMPDIR: mailDir } : {}),
    },
    stdio: ["ignore", stdio, stdio],
    detached: process.platform !== "win32",
  });
  const url = `http://${ip}:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return { url, child, stop: () => stopProcess(child) };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  stopProcess(child);
  throw new Error(`wrangler dev did not answer on ${url} within 60 s`);
}

export function stopProcess(child) {
  if (child.exitCode !== null) return;
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    child.kill("SIGTERM");
  }
}

/**
 * The mails the local Email Service wrote under `mailDir` (serve's option), newest first: each
 * one's plain-text and HTML bodies with their files. Wrangler writes
 * <tmp>/miniflare-<id>/files/email-text/<uuid>.txt and …/email-html/<uuid>.html, one of each per
 * mail; `matching` picks the mails whose two bodies both contain a text (an address, a subject).
 */
export function mailBodies(mailDir, matching) {
  const list = (kind, ext) => {
    const out = [];
    if (!existsSync(mailDir)) return out;
    for (const run of readdirSync(mailDir)) {
      const dir = join(mailDir, run, "files", kind);
      if (!run.startsWith("miniflare-") || !existsSync(dir)) continue;
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (name.endsWith(ext))
          out.push({ path, at: statSync(path).mtimeMs, body: readFileSync(path, "utf8") });
      }
    }
    return out.filter((f) => f.body.includes(matching)).sort((a, b) => b.at - a.at);
  };
  // Wrangler writes a mail's two bodies one after the other: a mail counts once both are there,
  // so the newest body still without its other half is left out until it has it.
  const texts = list("email-text", ".txt");
  const htmls = list("email-html", ".html");
  const both = Math.min(texts.length, htmls.length);
  const paired = (files) => files.slice(files.length - both);
  const pairedHtmls = paired(htmls);
  return paired(texts).map((text, i) => ({ text, html: pairedHtmls[i] }));
}
