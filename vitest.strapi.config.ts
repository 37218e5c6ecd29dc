import { defineConfig } from "vitest/config";

// The content contract against the real Strapi CMS in cms/; scripts/strapi-lane.mjs boots it and
// sets CMS_URL and CMS_API_TOKEN.
export default defineConfig({
  test: {
    name: "strapi",
    include: ["tests/strapi/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
  },
});
