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
    // Not yet (docs/decisions/136): loaders would see the `.data` request itself, and a path with
    // a trailing slash would fetch its data elsewhere; both wait for the move to v8.
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
