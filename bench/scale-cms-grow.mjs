// Grows the seeded Strapi 5 on Postgres (bench/scale-cms.mjs) to an archive's size with batched
// SQL that writes the rows Strapi's document service writes for a published document: a draft
// row and a published row sharing one document_id (locale kept), each with its own relation rows
// in the link tables (`*_lnk`, pointing at the draft or the published version of an artist as
// the seeded row did), its own copies of its components (`components_*` rows joined through
// `<table>_cmps`, and their own link rows) and its media (`files_related_mph`). Copy i of a type
// is a copy of its seeded published document i mod n: new document_id, slug `<slug>-<i>`, title
// `<title> <i>` and a date stepped back from 2024-01-01, so every relation and component keeps
// the demo's proportions. Which tables to copy is read from Postgres' own foreign keys, so a new
// relation or component in cms/ is copied without a change here.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { ROOT } from "../scripts/lib.mjs";

/** One copy every 50 minutes back from 2024-01-01, as bench/scale-grow.mjs steps the D1 copies. */
const STEP_MINUTES = 50;
const stepped = (every) =>
  `TIMESTAMP '2024-01-01 00:00:00' - make_interval(mins => m.copy * ${every * STEP_MINUTES})`;

/**
 * The grown types: table, uid, the columns a copy changes (SQL over the source row `t` and the
 * copy number `m.copy`) and how many copies per published post (the seeded store's proportions
 * are used; these only say which date steps further per copy, as the D1 bench does).
 */
export const GROWN = [
  {
    uid: "api::blog-post.blog-post",
    table: "blog_posts",
    changes: { post_date: stepped(1), is_featured: "m.copy % 20 = 0" },
  },
  {
    uid: "api::aggregated-post.aggregated-post",
    table: "aggregated_posts",
    changes: {
      published_date: stepped(8),
      original_url: "t.original_url || '?copy=' || m.copy",
    },
  },
  {
    uid: "api::mixtape.mixtape",
    table: "mixtapes",
    changes: { release_date: `(${stepped(5)})::date`, is_featured: "false" },
  },
  {
    uid: "api::label-release.label-release",
    table: "label_releases",
    changes: { release_date: `(${stepped(6)})::date`, is_featured: "false" },
  },
  {
    uid: "api::event.event",
    table: "events",
    changes: {
      starts_at: stepped(4),
      ends_at: `${stepped(4)} + (t.ends_at - t.starts_at)`,
      is_featured: "false",
    },
  },
];

/** Component uid (`category.name`) → its table, from cms/src/components. */
function componentTables() {
  const dir = join(ROOT, "cms", "src", "components");
  const out = {};
  for (const category of readdirSync(dir)) {
    for (const file of readdirSync(join(dir, category))) {
      const schema = JSON.parse(readFileSync(join(dir, category, file), "utf8"));
      out[`${category}.${file.replace(/\.json$/, "")}`] = schema.collectionName;
    }
  }
  return out;
}

/** Strapi's Postgres through cms/'s own driver. */
export async function openPostgres(url) {
  const require = createRequire(join(ROOT, "cms", "package.json"));
  const { Client } = require("pg");
  const client = new Client({ connectionString: url });
  await client.connect();
  return {
    query: async (sql, params = []) => (await client.query(sql, params)).rows,
    close: () => client.end(),
  };
}

const q = (name) => `"${name}"`;

async function columnsOf(db, table) {
  const rows = await db.query(
    "SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position",
    [table],
  );
  return rows.map((r) => r.column_name);
}

/** Tables with a foreign key to `table`.id: [{ table, column }]. */
async function referencing(db, table) {
  return db.query(
    `SELECT c.conrelid::regclass::text AS table, a.attname AS column
     FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
     WHERE c.contype = 'f' AND c.confrelid = $1::regclass ORDER BY 1`,
    [table],
  );
}

/**
 * Copies the rows of `table` named by the map table `map` (old_id, copy, new_id), with
 * `changes` (column → SQL over `t` and `m`), then every row that refers to them: link rows,
 * components (copied in turn, with their own links and media) and media.
 */
async function copyRows(db, { table, uid, map, changes = {}, components }) {
  const columns = (await columnsOf(db, table)).filter((c) => c !== "id");
  await db.query(
    `INSERT INTO ${q(table)} (id, ${columns.map(q).join(", ")})
     SELECT m.new_id, ${columns.map((c) => (changes[c] ? `${changes[c]}` : `t.${q(c)}`)).join(", ")}
     FROM ${map} m JOIN ${q(table)} t ON t.id = m.old_id`,
  );
  for (const ref of await referencing(db, table)) {
    const refColumns = (await columnsOf(db, ref.table)).filter((c) => c !== "id");
    const replaced = { [ref.column]: "m.new_id" };
    if (refColumns.includes("cmp_id") && refColumns.includes("component_type")) {
      // <table>_cmps: each component row belongs to one entity row, so each copy gets its own.
      const types = await db.query(
        `SELECT DISTINCT r.component_type FROM ${q(ref.table)} r JOIN ${map} m ON r.${q(ref.column)} = m.old_id`,
      );
      for (const { component_type: type } of types) {
        const cmpTable = components[type];
        if (!cmpTable) throw new Error(`no table for component ${type}`);
        const cmpMap = `${map}_${cmpTable}`.slice(0, 60);
        await db.query(
          `CREATE TEMP TABLE ${cmpMap} AS
           SELECT r.cmp_id AS old_id, m.copy, nextval(pg_get_serial_sequence('${cmpTable}', 'id'))::int AS new_id
           FROM ${q(ref.table)} r JOIN ${map} m ON r.${q(ref.column)} = m.old_id
           WHERE r.component_type = '${type}'`,
        );
        await copyRows(db, { table: cmpTable, uid: type, map: cmpMap, components });
        await db.query(
          `INSERT INTO ${q(ref.table)} (${refColumns.map(q).join(", ")})
           SELECT ${refColumns.map((c) => (c === ref.column ? "m.new_id" : c === "cmp_id" ? "cm.new_id" : `r.${q(c)}`)).join(", ")}
           FROM ${q(ref.table)} r JOIN ${map} m ON r.${q(ref.column)} = m.old_id
           JOIN ${cmpMap} cm ON cm.old_id = r.cmp_id AND cm.copy = m.copy
           WHERE r.component_type = '${type}'`,
        );
        await db.query(`DROP TABLE ${cmpMap}`);
      }
      continue;
    }
    await db.query(
      `INSERT INTO ${q(ref.table)} (${refColumns.map(q).join(", ")})
       SELECT ${refColumns.map((c) => replaced[c] ?? `r.${q(c)}`).join(", ")}
       FROM ${q(ref.table)} r JOIN ${map} m ON r.${q(ref.column)} = m.old_id`,
    );
  }
  // Media: a morph table with no foreign key to the entity.
  const media = (await columnsOf(db, "files_related_mph")).filter((c) => c !== "id");
  await db.query(
    `INSERT INTO files_related_mph (${media.map(q).join(", ")})
     SELECT ${media.map((c) => (c === "related_id" ? "m.new_id" : `f.${q(c)}`)).join(", ")}
     FROM files_related_mph f JOIN ${map} m ON f.related_id = m.old_id WHERE f.related_type = $1`,
    [uid],
  );
}

/**
 * Grows Strapi's database at `url` to `posts` published posts and the other grown types in the
 * seeded store's proportions, in batches of `batch` copies (one transaction each). Returns the
 * published documents per table before and after, and the seconds it took.
 */
export async function growCms(url, posts, { batch = 2000, log = () => {} } = {}) {
  const db = await openPostgres(url);
  const components = componentTables();
  const started = performance.now();
  try {
    const published = async (table) =>
      Number(
        (
          await db.query(
            `SELECT COUNT(DISTINCT document_id) AS n FROM ${q(table)} WHERE published_at IS NOT NULL`,
          )
        )[0].n,
      );
    const seeded = {};
    for (const t of GROWN) seeded[t.table] = await published(t.table);
    const ratio = posts / seeded.blog_posts;
    const copies = {};
    for (const t of GROWN) {
      const target = Math.round(seeded[t.table] * ratio);
      copies[t.table] = Math.max(0, target - seeded[t.table]);
      // The seeded published documents, numbered k = 0, 1, … (copy i copies document i mod n).
      await db.query(
        `CREATE TEMP TABLE seed_${t.table} AS
         SELECT document_id, (row_number() OVER (ORDER BY MIN(id)) - 1)::int AS k
         FROM ${q(t.table)} WHERE published_at IS NOT NULL GROUP BY document_id`,
      );
      for (let from = 0; from < copies[t.table]; from += batch) {
        const to = Math.min(copies[t.table], from + batch);
        const map = `grow_${t.table}`;
        await db.query("BEGIN");
        await db.query(
          `CREATE TEMP TABLE ${map} AS
           SELECT t.id AS old_id, n.i AS copy, nextval(pg_get_serial_sequence('${t.table}', 'id'))::int AS new_id
           FROM generate_series(${from}, ${to - 1}) n(i)
           JOIN seed_${t.table} s ON s.k = n.i % ${seeded[t.table]}
           JOIN ${q(t.table)} t ON t.document_id = s.document_id`,
        );
        await copyRows(db, {
          table: t.table,
          uid: t.uid,
          map,
          components,
          changes: {
            ...t.changes,
            // One new document id per copy, shared by its draft and published rows (24
            // characters of [a-z0-9], as Strapi's own).
            document_id: `substr(md5('${t.table}:' || m.copy), 1, 24)`,
            slug: "t.slug || '-' || m.copy",
            title: "t.title || ' ' || m.copy",
            created_at: "now()",
            updated_at: "now()",
          },
        });
        await db.query(`DROP TABLE ${map}`);
        await db.query("COMMIT");
        log(`${t.table}: ${to} of ${copies[t.table]} copies`);
      }
    }
    await db.query("ANALYZE");
    const grown = {};
    for (const t of GROWN) grown[t.table] = await published(t.table);
    return { seeded, grown, copies, seconds: (performance.now() - started) / 1000 };
  } finally {
    await db.close();
  }
}
