// `npm run cms:secrets`: a fresh set of the CMS's secrets in .env format (crypto random), for
// cms/.env or the CMS host's environment. With NODE_ENV=production Strapi refuses to start
// without them (cms/config/lib/secrets.js, docs/decisions/035-production-cms.md).
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ROOT } from "./lib.mjs";

const require = createRequire(join(ROOT, "cms", "package.json"));

/** cms/config/lib/secrets.js, the one place that knows the secrets and their defaults. */
export const cmsSecrets = require("./config/lib/secrets.js");

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log("# Crossfade CMS secrets: keep them out of the repository; rotating APP_KEYS or the JWT");
  console.log("# secrets signs everyone out, a new ENCRYPTION_KEY makes stored API token values unreadable.");
  console.log(cmsSecrets.freshSecrets());
}
