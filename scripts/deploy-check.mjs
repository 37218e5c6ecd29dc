// `npm run deploy:check [-- --env <name>] [--secrets-file <file>]`: the Worker's configuration
// check (worker/config.ts, through worker/config-preflight.ts) on the flattened build config and
// the secrets file, then `wrangler deploy --dry-run` on the production build, then the Worker
// bundle's gzip size against its budget (docs/decisions/019: at most 1 MiB). A configuration
// error fails the check; a required secret missing from the file (CMS_API_TOKEN in CMS mode,
// MEILISEARCH_SEARCH_KEY with Meilisearch) is named, since it may already be stored in Cloudflare.
// In `npm test` (the deploy lane) it checks the build lane's output; standalone it builds first
// when there is no build, or always with --env (that environment flattened into the build).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { tsImport } from "tsx/esm/api";
import { build, ROOT, run } from "./lib.mjs";

const BUDGET_BYTES = Number(process.env.WORKER_GZIP_BUDGET ?? 1024 * 1024);
const args = process.argv.slice(2);
const environment = args.includes("--env") ? args[args.indexOf("--env") + 1] : undefined;
const config = join(ROOT, "build", "server", "wrangler.json");

if (environment || !existsSync(config)) {
  console.log(`Building for production${environment ? ` (${environment})` : ""}…`);
  build(environment);
}

const secretsFile = args.includes("--secrets-file") ? args[args.indexOf("--secrets-file") + 1] : undefined;
const { deployConfigReport, parseSecretsFile } = await tsImport(
  "../worker/config-preflight.ts",
  import.meta.url,
);
const report = deployConfigReport(
  JSON.parse(readFileSync(config, "utf8")),
  secretsFile ? parseSecretsFile(readFileSync(secretsFile, "utf8")) : {},
  environment,
);
console.log(
  `Configuration (${report.mode} mode): ${report.errors.length} errors, ${report.warnings.length} warnings`,
);
for (const p of report.warnings) console.warn(`  warning ${p.name}: ${p.message}`);
for (const p of report.errors) console.error(`  ✖ ${p.name}: ${p.message}`);
if (report.errors.length) process.exitCode = 1;

const outdir = mkdtempSync(join(tmpdir(), "crossfade-deploy-"));
try {
  // The dry run validates the flattened config and bundles exactly what `wrangler deploy` uploads.
  run("wrangler", ["deploy", "--dry-run", "--outdir", outdir, "-c", config], { quiet: true });
  const modules = files(outdir).filter((f) => /\.(m?js|wasm|cjs)$/.test(f));
  if (!modules.length) throw new Error(`wrangler wrote no modules to ${outdir}`);
  let raw = 0;
  let gzip = 0;
  for (const file of modules) {
    const bytes = readFileSync(file);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(
    `Worker bundle: ${modules.length} modules, ${kib(raw)} raw, ${kib(gzip)} gzip (budget ${kib(BUDGET_BYTES)} gzip)`,
  );
  for (const file of modules) console.log(`  ${relative(outdir, file)}  ${kib(statSync(file).size)}`);
  if (gzip > BUDGET_BYTES) {
    console.error(`✖ The Worker bundle is ${kib(gzip - BUDGET_BYTES)} over its gzip budget.`);
    process.exitCode = 1;
  }
} finally {
  rmSync(outdir, { recursive: true, force: true });
}

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}
