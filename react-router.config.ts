import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The whole route manifest ships with the first page (docs/decisions/115) instead of being
  // fetched from /__manifest after hydration for the links on the page.
  routeDiscovery: { mode: "initial" },
  future: {
    v8_viteEnvironmentApi: true,
    v8_middleware: true,
    v8_splitRouteModules: true,
  },
} satisfies Config;
