import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/** What the tests import to read the demo catalogue (types: tests/worker/demo-catalogue.d.ts). */
const ID = "virtual:demo-catalogue";
const RESOLVED = `\0${ID}`;
const FOLDER = fileURLToPath(new URL("../../scripts/content/folder.ts", import.meta.url));

/**
 * The demo catalogue as one module for tests that run in Node and in workerd alike (the content
 * contract): loadCatalogue() of content/ (scripts/content/folder.ts) in Node; in workerd, which
 * cannot read files, the same records from the TEST_CATALOGUE binding that
 * vitest.workers.config.ts fills from cms/data/catalogue.json, the same records built from content/.
 */
export function demoCatalogue(runtime: "node" | "workerd"): Plugin {
  return {
    name: "crossfade-demo-catalogue",
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      return runtime === "workerd"
        ? 'import { env } from "cloudflare:workers";\nexport default JSON.parse(env.TEST_CATALOGUE);\n'
        : `import { loadCatalogue } from ${JSON.stringify(FOLDER)};\nexport default loadCatalogue();\n`;
    },
  };
}
