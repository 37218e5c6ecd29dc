// `npm run dev`: the local D1 database migrated and seeded (as for npm start), then Vite's dev
// server with hot reload; the Cloudflare plugin runs the Worker in workerd on the same state.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { prepareDatabase, ROOT } from "./lib.mjs";

prepareDatabase(join(ROOT, ".wrangler", "state"));
const child = spawn(join(ROOT, "node_modules", ".bin", "react-router"), ["dev", ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: "inherit",
});
child.on("exit", (code) => process.exit(code ?? 0));
