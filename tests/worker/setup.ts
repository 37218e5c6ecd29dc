import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { catalogueToSql } from "@scripts/content/sql/to-sql";

// Every test file starts from the migrated schema and the demo catalogue, read from content/ by
// vitest.workers.config.ts (Node) and handed over as TEST_CATALOGUE.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const seeded = await env.DB.prepare("SELECT COUNT(*) AS n FROM posts").first<{ n: number }>();
if (!seeded?.n) {
  const statements = catalogueToSql(JSON.parse(env.TEST_CATALOGUE)).map((sql) => env.DB.prepare(sql));
  for (let i = 0; i < statements.length; i += 200) {
    await env.DB.batch(statements.slice(i, i + 200));
  }
}
