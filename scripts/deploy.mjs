// `npm run deploy -- <staging|production> [wrangler deploy options]`: builds for production with
// that wrangler.toml environment flattened into build/server/wrangler.json, then deploys it
// (docs/operations.md). The environment is required: nothing deploys to production by default.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { build, ROOT, run } from "./lib.mjs";

const [environment, ...rest] = process.argv.slice(2);
const defined = [...readFileSync(join(ROOT, "wrangler.toml"), "utf8").matchAll(/^\[env\.([\w-]+)\./gm)].map(
  (m) => m[1],
);
if (!environment || !defined.includes(environment)) {
  console.error(`Usage: npm run deploy -- <${[...new Set(defined)].join("|")}> [wrangler deploy options]`);
  process.exit(2);
}

console.log(`Building for ${environment}…`);
build(environment);
console.log(`Deploying ${environment}…`);
// The build's wrangler.json is the flattened environment: no --env here (Cloudflare Vite plugin).
run("wrangler", ["deploy", "-c", join("build", "server", "wrangler.json"), ...rest]);
