// `npm run deploy -- <staging|production> [wrangler deploy options]`: builds for production with
// that wrangler.toml environment flattened into build/server/wrangler.json, then deploys it
// (docs/operations.md). The environment is required: nothing deploys to production by default.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { build, ROOT, run } from "./lib.mjs";

const [environment, ...rest] = process.argv.slice(2);
const defined = [
  ...readFileSync(join(ROOT, "wrangler.toml"), "utf8").matchAll(/^\[{1,2}env\.([\w-]+)[.\]]/gm),
].map((m) => m[1]);
if (!environment || !defined.includes(environment)) {
  console.error(`Usage: npm run deploy -- <${[...new Set(defined)].join("|")}> [wrangler deploy options]`);
  process.exit(2);
}

// Every deploy reports its own release (/api/health) and starts its own edge cache namespace,
// so no release reads values cached in another release's shapes (docs/decisions/013).
const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" });
const release = commit.status === 0 ? `${version}+${commit.stdout.trim()}` : version;
const versionVar = rest.some((arg) => arg.startsWith("APP_VERSION:"))
  ? []
  : ["--var", `APP_VERSION:${release}`];

console.log(`Building ${release} for ${environment}…`);
build(environment);
console.log(`Deploying ${release} to ${environment}…`);
// The build's wrangler.json is the flattened environment: no --env here (Cloudflare Vite plugin).
run("wrangler", ["deploy", "-c", join("build", "server", "wrangler.json"), ...versionVar, ...rest]);
