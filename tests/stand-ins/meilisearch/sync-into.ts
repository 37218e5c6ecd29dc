/// <reference types="node" />
/**
 * `tsx tests/stand-ins/meilisearch/sync-into.ts <expected.json>` (bench/scale-cms.mjs): a full `npm run search:sync`
 * of the Strapi at CMS_URL into the Meilisearch stand-in the tests use, run as an operator runs
 * it (scripts/search/cli.ts in a child process). Prints one JSON line: the seconds the sync took,
 * its own report lines, and per index the documents the stand-in holds afterwards, the batches
 * (`POST /indexes/<fresh>/documents`) and their sizes, and whether the ids are exactly the
 * expected ones (expected.json: index → ids, read from Strapi's database by the caller).
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startMeilisearchStandIn } from "./server";

const expected = JSON.parse(readFileSync(process.argv[2] as string, "utf8")) as Record<string, string[]>;
const root = join(import.meta.dirname, "..", "..", "..");
const key = "bench-admin-key";
const standIn = await startMeilisearchStandIn({});
try {
  const started = performance.now();
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(join(root, "node_modules", ".bin", "tsx"), ["scripts/search/cli.ts"], {
      cwd: root,
      env: { ...process.env, MEILISEARCH_HOST: standIn.url, MEILISEARCH_ADMIN_KEY: key },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let text = "";
    child.stdout.on("data", (d) => {
      text += d;
    });
    child.stderr.on("data", (d) => {
      text += d;
    });
    child.once("exit", (code) =>
      code === 0 ? resolve(text) : reject(new Error(`search:sync exited with ${code}: ${text}`)),
    );
  });
  const seconds = (performance.now() - started) / 1000;
  const indexes: Record<string, unknown> = {};
  for (const [uid, ids] of Object.entries(expected)) {
    const held = [...(standIn.indexes.get(uid)?.documents.keys() ?? [])].map(String).sort();
    const want = [...ids].map(String).sort();
    const heldSet = new Set(held);
    const wantSet = new Set(want);
    const batches = Object.entries(standIn.received)
      .filter(([index]) => index.startsWith(`${uid}_`))
      .flatMap(([, list]) => list.map((docs) => docs.length));
    indexes[uid] = {
      documents: held.length,
      exact: held.length === want.length && held.every((id, i) => id === want[i]),
      missing: want.filter((id) => !heldSet.has(id)).slice(0, 5),
      unexpected: held.filter((id) => !wantSet.has(id)).slice(0, 5),
      batches: batches.length,
      batchSizes: batches,
    };
  }
  const cmsReads = standIn.requests.length;
  console.log(
    JSON.stringify({ seconds, report: output.trim().split("\n"), indexes, meilisearchRequests: cmsReads }),
  );
} finally {
  await standIn.close();
}
