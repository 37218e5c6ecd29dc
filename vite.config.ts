import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The Cloudflare plugin runs the SSR environment in workerd; it must come before reactRouter().
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter()],
  environments: {
    // Minifying the Worker halves its bundle (DESIGN.md section 2).
    ssr: { build: { minify: true } },
  },
});
