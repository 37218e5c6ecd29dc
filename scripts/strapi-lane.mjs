// `npm test -- strapi`: the real Strapi 5 in cms/ and the Worker's production build talking to it.
// Installs cms/ dependencies when missing, boots Strapi headless in production mode (fresh
// secrets) on a free 127.0.0.1 port, as it is deployed (docs/decisions/035-production-cms.md):
// on a fresh Postgres cluster of its own (scripts/postgres.mjs; Debian's postgresql is installed
// when absent) with its uploads in an S3 bucket (s3rver, through @strapi/provider-upload-aws-s3).
// The bootstrap loads the demo catalogue (the lane asks for it: CMS_SEED_DEMO=true) and points its
// purge webhook at the Worker; this Strapi reads no cms/.env (startCms). Then it serves the
// production build with wrangler dev on another free port with CMS_URL at that Strapi, runs
// vitest.strapi.config.ts (the content contract, publish → purge, the forms through the Worker,
// Strapi's refusals, Strapi's Meilisearch updates), and stops all of them.
//
// STRAPI_LANE_DB=sqlite runs Strapi on a SQLite file instead (as `npm run cms:start` does), and
// STRAPI_LANE_UPLOADS=disk keeps uploads on Strapi's disk: neither is what CI runs.
//
// STRAPI_LANE_FILES (space-separated test files) runs only those, without docs/cms.md's commands:
// for iterating on one suite; CI runs them all.
//
// In `npm test` the build lane runs first and this lane reuses its build; run alone, it builds
// only when there is no build yet (STRAPI_LANE_BUILD=1 forces a fresh one).
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import S3rver from "s3rver";
import { ensureCmsDeps, freePort, startCms } from "./cms.mjs";
import { build, migrateDatabase, ROOT, serve } from "./lib.mjs";
import { startPostgres } from "./postgres.mjs";

const README_TEST = "tests/strapi/readme-commands.test.ts";
const ONLY = (process.env.STRAPI_LANE_FILES ?? "").split(/\s+/).filter(Boolean);
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
const bucketDir = join(artifacts, "strapi-bucket");
// The Worker's mail (a sender set, the local Email Service writing each mail here), so the
// newsletter's double opt-in runs with Strapi keeping the subscribers.
const mailDir = join(artifacts, "strapi-mail");
for (const path of [dataDir, workerState, log, workerLog, bucketDir, mailDir])
  rmSync(path, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });

const stops = [];
const cmsEnv = {};
const testEnv = {};
if (process.env.STRAPI_LANE_DB !== "sqlite") {
  const t0 = Date.now();
  const pg = startPostgres({ port: Number(process.env.STRAPI_LANE_PG_PORT) || (await freePort()) });
  stops.push(pg.stop);
  Object.assign(cmsEnv, { DATABASE_CLIENT: "postgres", DATABASE_URL: pg.url });
  testEnv.CMS_DATABASE_URL = pg.url;
  console.log(`${pg.version} ready after ${seconds(t0)}`);
} else {
  testEnv.CMS_DATABASE = join(dataDir, "data.db");
}
let mediaUrl;
if (process.env.STRAPI_LANE_UPLOADS !== "disk") {
  const bucket = "crossfade-cms-media";
  const s3Port = Number(process.env.STRAPI_LANE_S3_PORT) || (await freePort());
  const s3 = new S3rver({
    address: "127.0.0.1",
    port: s3Port,
    silent: true,
    directory: bucketDir,
    configureBuckets: [{ name: bucket }],
  });
  await s3.run();
  stops.push(() => s3.close());
  mediaUrl = `http://127.0.0.1:${s3Port}/${bucket}`;
  // s3rver's fixed credentials; path-style requests, as s3rver serves no bucket subdomains.
  Object.assign(cmsEnv, {
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_PUBLIC_URL: mediaUrl,
    S3_FORCE_PATH_STYLE: "true",
  });
  console.log(`S3 bucket (s3rver) at ${mediaUrl}`);
}
const stopAll = async () => {
  for (const stop of stops.reverse()) await stop();
};

const secret = () => randomBytes(24).toString("hex");
const tokens = {
  purge: secret(),
  admin: secret(),
  editor: secret(),
  cms: secret(),
  meili: secret(),
  preview: secret(),
};
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
    ...cmsEnv,
    CMS_SEED_DEMO: "true",
    CROSSFADE_PURGE_URL: `${workerUrl}/api/cache/purge`,
    CROSSFADE_PURGE_TOKEN: tokens.purge,
    CMS_EDITOR_TOKEN: tokens.editor,
    // The one origin whose pages may call Strapi from a browser (tests/strapi/security.test.ts).
    CMS_CORS_ORIGINS: workerUrl,
    MEILISEARCH_HOST: `http://127.0.0.1:${meiliPort}`,
    MEILISEARCH_ADMIN_KEY: tokens.meili,
    // Scheduled publishing every 2 s, so tests/strapi/scheduled-publishing.test.ts waits seconds.
    CMS_PUBLISH_CRON: "*/2 * * * * *",
    // The admin's Preview button links to the Worker's pages (tests/strapi/preview.test.ts).
    CROSSFADE_SITE_URL: workerUrl,
    PREVIEW_SECRET: tokens.preview,
  },
}).catch(async (error) => {
  // CI shows only the lane's output: put the end of Strapi's log there.
  const lines = existsSync(log) ? readFileSync(log, "utf8").trimEnd().split("\n").slice(-40) : [];
  console.error(lines.join("\n"));
  await stopAll();
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
    mailDir,
    vars: {
      MAIL_FROM: "newsletter@crossfade.example",
      CMS_URL: `${cms.url}/api`,
      CMS_API_TOKEN: cms.token,
      ...(mediaUrl ? { CMS_MEDIA_URL: mediaUrl } : {}),
      PURGE_TOKEN: tokens.purge,
      ADMIN_TOKEN: tokens.admin,
      PREVIEW_SECRET: tokens.preview,
      // Two editors sign in by mailed links (tests/strapi/editors.test.ts).
      EDITORS: "ana@label.example, ben@label.example",
    },
  });
  console.log(`Worker answered on ${worker.url} after ${seconds(workerStarted)} (log: ${workerLog})`);
  // Not spawnSync: the S3 bucket (s3rver) answers from this process's event loop.
  const child = spawn(
    join(ROOT, "node_modules", ".bin", "vitest"),
    ["run", "--config", "vitest.strapi.config.ts", "--exclude", README_TEST, ...ONLY],
    {
      cwd: ROOT,
      stdio: ["ignore", "inherit", "inherit"],
      env: {
        ...process.env,
        CMS_URL: cms.url,
        CMS_API_TOKEN: cms.token,
        CMS_EDITOR_TOKEN: tokens.editor,
        ...testEnv,
        CMS_MEDIA_URL: mediaUrl ?? cms.url,
        WORKER_URL: worker.url,
        WORKER_ADMIN_TOKEN: tokens.admin,
        WORKER_PURGE_TOKEN: tokens.purge,
        PREVIEW_SECRET: tokens.preview,
        WORKER_MAIL_DIR: mailDir,
        MEILISEARCH_STAND_IN_PORT: String(meiliPort),
        MEILISEARCH_ADMIN_KEY: tokens.meili,
      },
    },
  );
  status = await new Promise((resolve) => child.once("exit", (code) => resolve(code ?? 1)));
  // CI keeps only what the lane prints: on a failure, the end of both servers' logs.
  if (status !== 0) for (const file of [workerLog, log]) printTail(file, 60);
} finally {
  worker?.stop();
  cms.stop();
  await waitForExit(cms.child);
  await stopAll();
}
// Then docs/cms.md's try-out commands as an operator runs them, with the lane's Strapi and Worker stopped:
// their own Strapi (SQLite, as `npm run cms:start` keeps it) and `npm start` in CMS mode.
if (status === 0 && !ONLY.length) {
  const t0 = Date.now();
  const readme = spawnSync(
    join(ROOT, "node_modules", ".bin", "vitest"),
    ["run", "--config", "vitest.strapi.config.ts", README_TEST],
    { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"] },
  );
  status = readme.status ?? 1;
  console.log(`docs/cms.md's CMS commands checked in ${seconds(t0)}`);
}
console.log(`Strapi lane finished in ${seconds(started)}`);

function printTail(file, lines) {
  const text = existsSync(file) ? readFileSync(file, "utf8").split("\n").slice(-lines).join("\n") : "";
  console.log(`\n--- the last ${lines} lines of ${file} ---\n${text}\n--- end of ${file} ---`);
}

/** Resolves once `child` has exited (Strapi closes its database connections on SIGTERM). */
function waitForExit(child, ms = 20_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
process.exit(status);
