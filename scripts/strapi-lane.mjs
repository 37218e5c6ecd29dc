// `npm test -- strapi`: the content contract against the real Strapi 5 in cms/. Installs cms/
// dependencies when missing, boots Strapi headless on a free 127.0.0.1 port with a fresh SQLite
// database under tests/.artifacts/strapi (the bootstrap loads the demo catalogue), runs
// vitest.strapi.config.ts, then stops it.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ensureCmsDeps, freePort, startCms } from "./cms.mjs";
import { ROOT } from "./lib.mjs";

const started = Date.now();
const seconds = (t0) => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
ensureCmsDeps();
console.log(`cms/ dependencies ready after ${seconds(started)}`);

const dataDir = join(ROOT, "tests", ".artifacts", "strapi");
rmSync(dataDir, { recursive: true, force: true });
const log = join(ROOT, "tests", ".artifacts", "strapi.log");
rmSync(log, { force: true });
const bootStarted = Date.now();
const port = Number(process.env.STRAPI_TEST_PORT) || (await freePort());
const cms = await startCms({ port, dataDir, log }).catch((error) => {
  // CI shows only the lane's output: put the end of Strapi's log there.
  const lines = existsSync(log) ? readFileSync(log, "utf8").trimEnd().split("\n").slice(-40) : [];
  console.error(lines.join("\n"));
  throw error;
});
console.log(`Strapi answered on ${cms.url} after ${seconds(bootStarted)} (log: ${log})`);

let status = 1;
try {
  const result = spawnSync(
    join(ROOT, "node_modules", ".bin", "vitest"),
    ["run", "--config", "vitest.strapi.config.ts"],
    {
      cwd: ROOT,
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, CMS_URL: cms.url, CMS_API_TOKEN: cms.token },
    },
  );
  status = result.status ?? 1;
} finally {
  cms.stop();
}
console.log(`Strapi lane finished in ${seconds(started)}`);
process.exit(status);
