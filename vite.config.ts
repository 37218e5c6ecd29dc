import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

/** Modules that load on use (docs/decisions/019): they keep their own chunks. */
const ON_USE =
  /\/app\/(player\/(player-bar|use-engine|use-media-session|use-shortcuts|format-time)|player\/engines\/(?!load)|search\/search-modal)/;

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
            codeSplitting: {
              groups: [
                {
                  name: "app",
                  test: (id: string) =>
                    /\/app\/(components|lib|player|search|styles)\//.test(id) && !ON_USE.test(id),
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
