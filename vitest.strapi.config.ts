import { defineConfig } from "vitest/config";
import { demoCatalogue } from "./tests/support/demo-catalogue";

// The real Strapi CMS in cms/ and the Worker's production build in front of it;
// scripts/strapi-lane.mjs boots both and sets CMS_URL, CMS_API_TOKEN, CMS_EDITOR_TOKEN,
// CMS_DATABASE_URL (Postgres) or CMS_DATABASE (SQLite), CMS_MEDIA_URL (where uploads are served
// from), WORKER_URL and WORKER_ADMIN_TOKEN. The files share one Strapi and some change
// its content, so they run one after another.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  // The content contract's demo catalogue, read from content/ (tests/support/demo-catalogue.ts).
  plugins: [demoCatalogue("node")],
  test: {
    name: "strapi",
    include: ["tests/strapi/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 30_000,
  },
});
