import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// Built by bench/floors.mjs (`react-router build bench/floor`), served by Node, never deployed.
export default defineConfig({ plugins: [reactRouter()] });
