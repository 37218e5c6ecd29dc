import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

/**
 * Modules that load on use live in `on-use/` folders (app/player/on-use/, app/search/on-use/):
 * they keep chunks of their own (docs/decisions/019, docs/decisions/024-cross-cutting.md).
 */
const ON_USE = /[\\/]app[\\/].+[\\/]on-use[\\/]/;
/** React, React DOM and React Router: the framework runtime every page (embeds too) loads. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;
/** The shared code every page needs: components, helpers, the player's and search's always-on parts. */
const SHARED = /[\\/]app[\\/](components|lib|player|search|styles)[\\/]/;

export default defineConfig({
  // The path aliases of tsconfig.base.json (@core/, @app/, @worker/…).
  resolve: { tsconfigPaths: true },
  // The Cloudflare plugin runs the SSR environment in workerd; it must come before reactRouter().
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter()],
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Our shared components, helpers and atoms in one chunk instead of a dozen files of
            // a few hundred bytes each: fewer requests before hydration (docs/decisions/019).
            // The core/ modules they use (texts, router context keys, newsletter rules, search
            // parameters) come along as their dependencies; core/ modules only one route uses
            // (the submission rules and file types) stay in that route's chunk.
            codeSplitting: {
              groups: [
                { name: "framework", test: (id: string) => FRAMEWORK.test(id) },
                {
                  name: "app",
                  test: (id: string) => SHARED.test(id) && !ON_USE.test(id),
                  includeDependenciesRecursively: true,
                },
              ],
            },
          },
        },
      },
    },
    // Minifying the Worker halves its bundle (docs/decisions/001).
    ssr: { build: { minify: true } },
  },
});
