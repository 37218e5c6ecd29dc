// `npm start`: production build, local D1 migrated and seeded with the demo catalogue, then the
// Worker on http://localhost:8787 (README "Quick start").
import { join } from "node:path";
import { build, prepareDatabase, ROOT, serve } from "./lib.mjs";

const port = Number(process.env.PORT ?? 8787);
const persistTo = join(ROOT, ".wrangler", "state");

console.log("Building the production bundle…");
build();
console.log("Preparing the local D1 database…");
const db = prepareDatabase(persistTo);
console.log(db.seeded ? "Loaded the demo catalogue." : `Kept the existing database (${db.posts} posts).`);
// CMS_URL set: content comes from that Strapi (README "The CMS"); passed on as wrangler vars.
const vars = {};
for (const name of ["CMS_URL", "CMS_API_TOKEN", "CMS_TIMEOUT_MS"]) {
  if (process.env[name]) vars[name] = process.env[name];
}
if (vars.CMS_URL) console.log(`Content source: Strapi at ${vars.CMS_URL}`);
const server = await serve({ port, persistTo, ip: process.env.HOST ?? "127.0.0.1", vars });
console.log(`Crossfade is running at http://localhost:${port} (Ctrl+C to stop)`);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.stop();
    process.exit(0);
  });
}
server.child.on("exit", (code) => process.exit(code ?? 0));
