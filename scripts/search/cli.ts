/// <reference types="node" />
/**
 * `npm run search:sync`: fills Meilisearch from the configured content source.
 *   MEILISEARCH_HOST        the Meilisearch URL
 *   MEILISEARCH_ADMIN_KEY   a key allowed to create indexes and add documents (never the public
 *                           search key, and never given to the Worker)
 *   CMS_URL                 read from this Strapi; unset: the local D1 database of `npm start`
 *                           (.wrangler/state), read through wrangler's platform proxy
 */

import { createD1Source } from "@worker/content/d1";
import { withFailurePath } from "@worker/content/degrade";
import type { ContentSource } from "@worker/content/source";
import { createStrapiSource } from "@worker/content/strapi";
import { Meilisearch } from "meilisearch";
import { getPlatformProxy } from "wrangler";
import { syncSearch } from "./sync";

const host = process.env.MEILISEARCH_HOST;
if (!host) {
  console.error("Set MEILISEARCH_HOST (and MEILISEARCH_ADMIN_KEY) to the Meilisearch to fill.");
  process.exit(2);
}
const client = new Meilisearch({
  host,
  apiKey: process.env.MEILISEARCH_ADMIN_KEY,
  clientAgents: ["Crossfade sync"],
});

let dispose = async () => {};
let source: ContentSource;
if (process.env.CMS_URL) {
  source = createStrapiSource(process.env.CMS_URL, undefined, { token: process.env.CMS_API_TOKEN });
  console.log(`Reading content from Strapi at ${process.env.CMS_URL}`);
} else {
  const proxy = await getPlatformProxy<{ DB: D1Database; UPLOADS: R2Bucket }>({
    persist: { path: ".wrangler/state/v3" },
  });
  dispose = proxy.dispose;
  source = createD1Source(proxy.env.DB, proxy.env.UPLOADS);
  console.log("Reading content from the local D1 database (.wrangler/state)");
}

try {
  for (const r of await syncSearch(withFailurePath(source).catalogue, client)) {
    console.log(`${r.index}: ${r.documents} documents in ${r.batches} batch(es)`);
  }
} finally {
  await dispose();
}
