// `npm test -- strapi`: the real Strapi 5 in cms/ and the Worker's production build talking to it.
// Installs cms/ dependencies when missing, boots Strapi headless on a free 127.0.0.1 port with a
// fresh SQLite database under tests/.artifacts/strapi (the bootstrap loads the demo catalogue and
// points its purge webhook at the Worker), serves the production build with wrangler dev on
// another free port with CMS_URL at that Strapi, runs vitest.strapi.config.ts (the content
// contract, publish → purge, the forms through the Worker, Strapi's Meilisearch updates), then
// stops both.
//
// In `npm test` the build lane runs first and this lane reuses its build; run alone, it builds
// only when there is no build yet (STRAPI_LANE_BUILD=1 forces a fresh one).
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, openSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ensureCmsDeps, freePort, startCms } from "./cms.mjs";
import { build, migrateDatabase, ROOT, serve } from "./lib.mjs";

const started = Date.now();
const seconds = (t0) => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
ensureCmsDeps();
console.log(`cms/ dependencies ready after ${seconds(started)}`);

if (process.env.STRAPI_LANE_BUILD === "1" || !existsSync(join(ROOT, "build", "server", "wrangler.json"))) {
  const t0 = Date.now();
  console.log("Building the production bundle for the Worker…");
  build();
  console.log(`Built in ${seconds(t0)}`);
}

const artifacts = join(ROOT, "tests", ".artifacts");
const dataDir = join(artifacts, "strapi");
const workerState = join(artifacts, "strapi-worker-state");
const log = join(artifacts, "strapi.log");
const workerLog = join(artifacts, "strapi-worker.log");
for (const path of [dataDir, workerState, log, workerLog]) rmSync(path, { recursive: true, force: true });

const secret = () => randomBytes(24).toString("hex");
const tokens = { purge: secret(), admin: secret(), editor: secret(), cms: secret(), meili: secret() };
// The Worker's port is chosen first: Strapi's bootstrap writes it into the purge webhook.
const workerPort = Number(process.env.STRAPI_LANE_WORKER_PORT) || (await freePort());
const workerUrl = `http://127.0.0.1:${workerPort}`;
// Strapi's search updater (cms/src/search/) writes to a Meilisearch stand-in that
// tests/strapi/search-updates.test.ts starts on this port; until then its requests fail (logged).
const meiliPort = await freePort();

const bootStarted = Date.now();
const port = Number(process.env.STRAPI_TEST_PORT) || (await freePort());
const cms = await startCms({
  port,
  dataDir,
  log,
  token: tokens.cms,
  env: {
    CROSSFADE_PURGE_URL: `${workerUrl}/api/cache/purge`,
    CROSSFADE_PURGE_TOKEN: tokens.purge,
    CMS_EDITOR_TOKEN: tokens.editor,
    MEILISEARCH_HOST: `http://127.0.0.1:${meiliPort}`,
    MEILISEARCH_ADMIN_KEY: tokens.meili,
  },
}).catch((error) => {
  // CI shows only the lane's output: put the end of Strapi's log there.
  const lines = existsSync(log) ? readFileSync(log, "utf8").trimEnd().split("\n").slice(-40) : [];
  console.error(lines.join("\n"));
  throw error;
});
console.log(`Strapi answered on ${cms.url} after ${seconds(bootStarted)} (log: ${log})`);

let status = 1;
let worker;
try {
  const workerStarted = Date.now();
  // Rate limits live in D1, so the Worker gets the schema (no content: Strapi is the source).
  migrateDatabase(workerState);
  worker = await serve({
    port: workerPort,
    persistTo: workerState,
    stdio: openSync(workerLog, "a"),
    vars: {
      CMS_URL: `${cms.url}/api`,
      CMS_API_TOKEN: cms.token,
      PURGE_TOKEN: tokens.purge,
      ADMIN_TOKEN: tokens.admin,
    },
  });
  console.log(`Worker answered on ${worker.url} after ${seconds(workerStarted)} (log: ${workerLog})`);
  const result = spawnSync(
    join(ROOT, "node_modules", ".bin", "vitest"),
    ["run", "--config", "vitest.strapi.config.ts"],
    {
      cwd: ROOT,
      stdio: ["ignore", "inherit", "inherit"],
      env: {
        ...process.env,
        CMS_URL: cms.url,
        CMS_API_TOKEN: cms.token,
        CMS_EDITOR_TOKEN: tokens.editor,
        CMS_DATABASE: join(dataDir, "data.db"),
        WORKER_URL: worker.url,
        WORKER_ADMIN_TOKEN: tokens.admin,
        WORKER_PURGE_TOKEN: tokens.purge,
        MEILISEARCH_STAND_IN_PORT: String(meiliPort),
        MEILISEARCH_ADMIN_KEY: tokens.meili,
      },
    },
  );
  status = result.status ?? 1;
} finally {
  worker?.stop();
  cms.stop();
}
console.log(`Strapi lane finished in ${seconds(started)}`);
process.exit(status);
