/// <reference types="node" />
/**
 * `npm run search:sync [-- --remote [--env production]]`: rebuilds Meilisearch from the content
 * source, fresh indexes swapped in (./sync.ts, docs/decisions/036).
 *   MEILISEARCH_HOST        the Meilisearch URL
 *   MEILISEARCH_ADMIN_KEY   a key allowed to create, swap and delete indexes (never the public
 *                           search key, and never given to the Worker)
 *   CMS_URL                 read the published content of this Strapi (CMS_API_TOKEN if it needs one);
 *                           unset: the D1 database, local (.wrangler/state of `npm start`) or, with
 *                           --remote, the deployed one through `wrangler d1 execute --remote`
 *                           (--env picks wrangler.toml's environment, as for deploying)
 */
import { parseArgs } from "node:util";
import { createD1Source } from "@worker/content/d1";
import type { ContentSource } from "@worker/content/source";
import { createStrapiSource } from "@worker/content/strapi";
import { Meilisearch } from "meilisearch";
import { getPlatformProxy } from "wrangler";
import { syncSearch } from "./sync";
import { WranglerD1, wranglerExecute } from "./wrangler-d1";

const { values: flags } = parseArgs({
  options: { remote: { type: "boolean", default: false }, env: { type: "string" } },
});

const host = process.env.MEILISEARCH_HOST;
if (!host) {
  console.error("Set MEILISEARCH_HOST (and MEILISEARCH_ADMIN_KEY) to the Meilisearch to fill.");
  process.exit(2);
}
if (process.env.CMS_URL && flags.remote) {
  console.error("--remote reads the deployed D1 database; unset CMS_URL for it (or drop --remote).");
  process.exit(2);
}
const client = new Meilisearch({
  host,
  apiKey: process.env.MEILISEARCH_ADMIN_KEY,
  clientAgents: ["Crossfade sync"],
});

// Reads only: the submissions bucket is never touched by a sync.
const noUploads = undefined as unknown as R2Bucket;
let dispose = async () => {};
let source: ContentSource;
if (process.env.CMS_URL) {
  source = createStrapiSource(process.env.CMS_URL, undefined, { token: process.env.CMS_API_TOKEN });
  console.log(`Reading the published content of Strapi at ${process.env.CMS_URL}`);
} else if (flags.remote) {
  // -c wrangler.toml: after a build wrangler would otherwise read the flattened build/server
  // config, which rejects --env (docs/operations.md, "From a clone to a deployed site").
  const db = new WranglerD1(wranglerExecute({ remote: true, env: flags.env, config: "wrangler.toml" }));
  source = createD1Source(db.asD1(), noUploads);
  console.log(
    `Reading the deployed D1 database${flags.env ? ` of --env ${flags.env}` : ""} (wrangler d1 execute --remote)`,
  );
} else {
  const proxy = await getPlatformProxy<{ DB: D1Database }>({ persist: { path: ".wrangler/state/v3" } });
  dispose = proxy.dispose;
  source = createD1Source(proxy.env.DB, noUploads);
  console.log("Reading the local D1 database (.wrangler/state)");
}

try {
  // The adapter's own reads, which throw: the Worker's failure path would turn a CMS outage into
  // empty lists (docs/product.md section 8), and a sync would swap in empty indexes.
  for (const r of await syncSearch(source.catalogue, client)) {
    console.log(
      `${r.index}: ${r.documents} documents in ${r.batches} batch(es), filled as ${r.filledAs}, ` +
        (r.replaced ? "swapped in; the old index deleted" : "renamed into place (first run)"),
    );
  }
} catch (error) {
  console.error(`search:sync failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await dispose();
}
