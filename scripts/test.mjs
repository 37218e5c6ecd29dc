// `npm test`: the whole suite in order, stopping at the first failing lane.
// typecheck → lint → unit → Worker (workerd) → production build → size budgets of the client
// build → markup (the Nu HTML Checker on every page) → faults (every route against a failing
// stand-in CMS) → durability (Workers killed mid-write) → Strapi (the real CMS, and the
// production build talking to it) → deploy dry-run and bundle budget → Chromium end-to-end.
// The build runs once: the later lanes all use it.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { basename, isAbsolute, join } from "node:path";
import { installCmsDeps, prefetchCmsDeps } from "./cms.mjs";
import { ROOT, SECRET_CANARIES } from "./lib.mjs";

const BIN = join(ROOT, "node_modules", ".bin");
const lanes = [
  ["typecheck", "react-router", ["typegen"]],
  ["typecheck", "wrangler", ["types", "--strict-vars=false", "--check"]],
  ["typecheck", "tsc", ["-p", "tsconfig.cloudflare.json"]],
  ["typecheck", "tsc", ["-p", "tsconfig.node.json"]],
  ["lint", "biome", ["check", "."]],
  ["unit", "vitest", ["run", "--config", "vitest.config.ts"]],
  ["workers", "vitest", ["run", "--config", "vitest.workers.config.ts"]],
  // Built with stand-in secrets in the environment: the e2e lane checks none reached the output.
  ["build", "react-router", ["build"], { NODE_ENV: "production", ...SECRET_CANARIES }],
  ["size", process.execPath, ["--test", "tests/size/budgets.test.mjs"]],
  // From outside (vitest.outside.config.ts): the production build under wrangler dev, one file each.
  ["markup", "vitest", ["run", "--config", "vitest.outside.config.ts", "tests/outside/markup.test.ts"]],
  ["faults", "vitest", ["run", "--config", "vitest.outside.config.ts", "tests/outside/faults.test.ts"]],
  [
    "durability",
    "vitest",
    [
      "run",
      "--config",
      "vitest.outside.config.ts",
      "tests/outside/durability.test.ts",
      "tests/outside/mail-durability.test.ts",
    ],
  ],
  // `npm run content` import/export against the local D1 a running production build serves.
  ["content", "vitest", ["run", "--config", "vitest.outside.config.ts", "tests/outside/content.test.ts"]],
  ["strapi", process.execPath, ["scripts/strapi-lane.mjs"]],
  ["deploy", process.execPath, ["scripts/deploy-check.mjs"]],
  ["e2e", "vitest", ["run", "--config", "vitest.e2e.config.ts"]],
];

const only = process.argv.slice(2);
const started = Date.now();
const timings = [];
// The Strapi lane's first step on a fresh clone is a two-minute `npm install` in cms/: it runs in
// the background from the start instead, while the lanes before it run.
const cmsInstallLog = join(ROOT, "tests", ".artifacts", "cms-install.log");
mkdirSync(join(ROOT, "tests", ".artifacts"), { recursive: true });
const cmsInstall = !only.length || only.includes("strapi") ? prefetchCmsDeps(cmsInstallLog) : null;
for (const [lane, cmd, args, env = {}] of lanes) {
  if (only.length && !only.includes(lane)) continue;
  if (lane === "strapi" && cmsInstall) await cmsDepsReady();
  const t0 = Date.now();
  console.log(`\n▶ ${lane}: ${basename(cmd)} ${args.join(" ")}`);
  const result = spawnSync(isAbsolute(cmd) ? cmd : join(BIN, cmd), args, {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, CI: process.env.CI ?? "true", WRANGLER_SEND_METRICS: "false", ...env },
  });
  timings.push(`${lane} (${basename(cmd)}) ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (result.status !== 0) {
    console.error(`\n✖ ${lane} failed (${basename(cmd)} exited with ${result.status ?? result.signal}).`);
    cmsInstall?.stop();
    process.exit(1);
  }
}
console.log(`\n✔ all lanes passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
for (const line of timings) console.log(`  ${line}`);

/** Waits for the background install of cms/'s dependencies; if it failed, installs in the foreground. */
async function cmsDepsReady() {
  const t0 = Date.now();
  const ok = await cmsInstall.finished;
  const log = readFileSync(cmsInstallLog, "utf8").trim().split("\n");
  console.log(
    `\n▶ cms/ dependencies (installed in the background, waited ${((Date.now() - t0) / 1000).toFixed(1)} s)`,
  );
  console.log(log.slice(-3).join("\n"));
  if (ok) return;
  console.log("The background install failed (tests/.artifacts/cms-install.log); installing again.");
  try {
    installCmsDeps();
  } catch (error) {
    console.error(`\n✖ strapi failed (${error.message}).`);
    process.exit(1);
  }
}
