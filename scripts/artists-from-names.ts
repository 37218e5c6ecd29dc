/**
 * `npx tsx scripts/artists-from-names.ts [--remote] [--env <name>] [--persist-to <dir>] [--dry-run]`:
 * after migrations/0008_artists.sql, makes the artists the migration left out: names on two or
 * more items whose letters SQL could not fold into a slug (docs/decisions/075-artists.md). Slugs
 * come from slugify() (scripts/content/format.ts); a name with no Latin letter at all gets
 * `artist-<hash>`, to rename in its content file. Items are linked as the migration links them.
 */
import { isAbsolute, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { slugsForNames } from "./content/artist-slugs";
import { executeStatements, query, ROOT, type Target } from "./content/d1";
import { LINKS, NAMED } from "./content/sql/artists-sql";
import { sqlLiteral } from "./content/sql/to-sql";

export { slugsForNames };

const SHARED_WITHOUT_ARTIST = `SELECT name FROM artist_named WHERE name IS NOT NULL AND name <> ''
  AND name NOT IN (SELECT name FROM artists)
  GROUP BY name HAVING COUNT(DISTINCT item) >= 2 ORDER BY name`;

function main(): void {
  const { values } = parseArgs({
    options: {
      remote: { type: "boolean", default: false },
      env: { type: "string" },
      "persist-to": { type: "string" },
      "dry-run": { type: "boolean", default: false },
    },
  });
  const persistTo = values["persist-to"] ?? join(ROOT, ".wrangler", "state");
  const target: Target = {
    remote: values.remote,
    persistTo: isAbsolute(persistTo) ? persistTo : resolve(persistTo),
    env: values.env,
  };
  executeStatements(
    [
      "DROP TABLE IF EXISTS artist_named;",
      "CREATE TABLE artist_named (name TEXT, item TEXT NOT NULL);",
      ...NAMED,
    ],
    target,
    "artists-from-names.sql",
  );
  const [names, slugs] = query(`${SHARED_WITHOUT_ARTIST};\nSELECT slug FROM artists`, target) as [
    Array<{ name: string }>,
    Array<{ slug: string }>,
  ];
  const found = slugsForNames(
    names.map((r) => r.name),
    slugs.map((r) => r.slug),
  );
  for (const { name, slug } of found) console.log(`${slug}\t${name}`);
  const statements = ["DROP TABLE IF EXISTS artist_names;"];
  if (!values["dry-run"] && found.length) {
    statements.push(
      "CREATE TABLE artist_names (name TEXT PRIMARY KEY, slug TEXT NOT NULL, unknown INTEGER NOT NULL);",
      ...found.map(
        ({ name, slug }) =>
          `INSERT INTO artist_names (name, slug, unknown) VALUES (${sqlLiteral(name)}, ${sqlLiteral(slug)}, 0);`,
      ),
      LINKS,
      "DROP TABLE artist_names;",
    );
  }
  statements.push("DROP TABLE artist_named;");
  executeStatements(statements, target, "artists-from-names.sql");
  console.log(
    values["dry-run"]
      ? `${found.length} names would become artists (dry run: nothing written)`
      : `${found.length} artists made and linked`,
  );
}

if (process.argv[1] && import.meta.filename === resolve(process.argv[1])) main();
