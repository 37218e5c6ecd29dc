import type { Config } from "@react-router/dev/config";

// The framework floor of the Lighthouse bench (bench/floors.mjs, bench/decisions/100-lighthouse-floors.md): a bare
// React Router app, server-rendered and hydrated like the site, with none of its components.
export default {
  ssr: true,
  // Route discovery as the site has it (react-router.config.ts, docs/decisions/115).
  routeDiscovery: { mode: "initial" },
  future: { v8_middleware: true, v8_splitRouteModules: true },
} satisfies Config;
