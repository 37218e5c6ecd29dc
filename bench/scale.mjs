// `node bench/scale.mjs [--sizes 1000,10000,100000]`: the embedded store at an archive's size.
// For each size, a copy of the bench's seeded local D1 is grown with plain SQL
// (bench/scale-grow.mjs, applied with the sqlite3 shell to the local database file, the server
// stopped), then the production build serves it with no KV binding and the page cache off (what
// a cold edge pays), and every main route and feed is asked for on distinct URLs, sequentially:
// its time and the rows it read (the Server-Timing header, docs/decisions/070). Warm: the same
// URLs again with the KV content cache and the page cache on. A non-2xx answer is recorded with
// its status and body, and measuring goes on. The table per size replaces the "Scale" section of
// bench/results.md. Run it under flock (README "Benchmarks").
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { prepareDatabase, ROOT, serve } from "../scripts/lib.mjs";
import { growSql } from "./scale-grow.mjs";
import { measure, median, replaceSection, routes } from "./scale-routes.mjs";
import { uncachedConfig } from "./server.mjs";

const PORT = Number(process.env.SCALE_PORT ?? 8821);
const BASE = join(ROOT, "tests", ".artifacts", "scale-base");
const STATE = join(ROOT, "tests", ".artifacts", "scale-state");
const argv = process.argv.slice(2);
const sizesArg = argv[argv.indexOf("--sizes") + 1];
const SIZES = (argv.includes("--sizes") ? sizesArg : "1000,10000,100000").split(",").map(Number);
const REPEAT = 5;
/** The section of bench/results.md to write (`--section "Scale, before"` for another build). */
const SECTION = argv.includes("--section") ? argv[argv.indexOf("--section") + 1] : "Scale";

const sqliteFile = (dir) => {
  const d1 = join(dir, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(d1).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (!file) throw new Error(`no D1 database under ${d1}`);
  return join(d1, file);
};

function sqlite(file, sql) {
  const out = spawnSync("sqlite3", [file], { input: sql, encoding: "utf8", maxBuffer: 1 << 26 });
  if (out.status !== 0) throw new Error(`sqlite3: ${out.stderr}`);
  return out.stdout.trim();
}

async function measureSize(posts, slugs, genres, counts) {
  const table = [];
  const failures = [];
  for (const warm of [false, true]) {
    const vars = warm ? {} : { PAGE_CACHE: "off" };
    const server = await serve({
      port: PORT,
      persistTo: STATE,
      stdio: "ignore",
      vars,
      config: warm ? undefined : uncachedConfig(),
    });
    try {
      for (const [name, at] of routes(posts, genres, counts)) {
        const times = [];
        const rows = [];
        for (let i = 0; i < REPEAT; i++) {
          const path = at(i)
            .replace(/\{post (\d+)\}/, (_, n) => slugs.posts[Number(n) % slugs.posts.length])
            .replace(/\{release (\d+)\}/, (_, n) => slugs.releases[Number(n) % slugs.releases.length]);
          const url = `http://127.0.0.1:${PORT}${path}`;
          if (warm) await measure(url);
          const m = await measure(url);
          times.push(m.ms);
          rows.push(m.rows);
          if (m.failure) failures.push(`${warm ? "warm" : "cold"} ${path}: ${m.failure}`);
        }
        const row = table.find((r) => r.name === name) ?? { name };
        row[warm ? "warm" : "cold"] = median(times);
        row[warm ? "warmRows" : "rows"] = Math.max(...rows);
        if (!table.includes(row)) table.push(row);
      }
    } finally {
      server.stop();
    }
  }
  return { table, failures };
}

/**
 * Grows the store to `size` posts. A store without migrations/0007_flat_lists.sql (a build from before it)
 * has search triggers that read every published post per run: growing it to 100,000 posts
 * would take hours, so its search triggers are dropped while it grows, the index rebuilt once
 * (the rebuild of migrations/0004_search_triggers.sql) and the triggers made again. The pages measure the same.
 */
function grow(file, size) {
  const legacy = !existsSync(join(ROOT, "migrations", "0007_flat_lists.sql"));
  const triggers = legacy
    ? sqlite(file, "SELECT sql || ';' FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%fts%';")
    : "";
  const names = legacy
    ? sqlite(file, "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%fts%';").split("\n")
    : [];
  const migration = readFileSync(join(ROOT, "migrations", "0004_search_triggers.sql"), "utf8");
  const rebuild = migration.slice(migration.indexOf("-- Catch up"));
  sqlite(
    file,
    [
      ...names.map((name) => `DROP TRIGGER ${name};`),
      ...growSql(0, size - 72),
      ...(legacy ? [rebuild, triggers] : []),
      "",
    ].join("\n"),
  );
}

const results = [];
rmSync(BASE, { recursive: true, force: true });
prepareDatabase(BASE);
for (const size of SIZES) {
  rmSync(STATE, { recursive: true, force: true });
  cpSync(BASE, STATE, { recursive: true });
  const file = sqliteFile(STATE);
  const grownAt = performance.now();
  grow(file, size);
  const growSeconds = (performance.now() - grownAt) / 1000;
  const count = Number(sqlite(file, "SELECT COUNT(*) FROM posts WHERE pub_status = 'published';"));
  const slugs = {
    posts: sqlite(file, "SELECT slug FROM posts ORDER BY random() LIMIT 50;").split("\n"),
    releases: sqlite(file, "SELECT slug FROM releases ORDER BY random() LIMIT 50;").split("\n"),
  };
  const published = (table) =>
    Number(sqlite(file, `SELECT COUNT(*) FROM ${table} WHERE pub_status = 'published';`));
  const counts = { mixtapes: published("mixtapes"), releases: published("releases") };
  console.log(`[scale] ${count} posts, grown in ${growSeconds.toFixed(1)} s`);
  const genres = sqlite(
    file,
    `SELECT g.slug, COUNT(*) FROM post_genres pg JOIN genres g ON g.id = pg.genre_id
     JOIN posts p ON p.id = pg.post_id AND p.pub_status = 'published' GROUP BY g.id ORDER BY 2 DESC LIMIT 5;`,
  )
    .split("\n")
    .map((line) => line.split("|"))
    .map(([slug, n]) => [slug, Number(n)]);
  const { table, failures } = await measureSize(count, slugs, genres, counts);
  results.push({ size, count, growSeconds, table, failures });
}

const lines = [
  `## ${SECTION}`,
  "",
  `\`node bench/scale.mjs\` on ${new Date().toISOString().slice(0, 16)} UTC: the demo store grown with plain SQL,`,
  "median of 5 distinct URLs per class, sequential. Cold: no KV, page cache off. Warm: KV and page",
  "cache on, each URL asked twice. Rows: the most any of the 5 read (Server-Timing).",
  "",
];
for (const r of results) {
  lines.push(
    `### ${r.count} published posts (grown in ${r.growSeconds.toFixed(1)} s, ${Math.round((r.size - 72) / r.growSeconds)} posts/s)`,
    "",
  );
  lines.push("| request | cold ms | rows read | warm ms | warm rows |", "|---|---:|---:|---:|---:|");
  for (const t of r.table)
    lines.push(
      `| ${t.name} | ${t.cold.toFixed(0)} | ${shown(t.rows)} | ${t.warm.toFixed(0)} | ${shown(t.warmRows)} |`,
    );
  lines.push("", r.failures.length ? `Non-2xx answers: ${r.failures.join("; ")}` : "Every answer 2xx.", "");
}
const section = lines.join("\n");
function shown(rows) {
  return Number.isNaN(rows) ? "–" : String(rows);
}
console.log(section);
replaceSection(SECTION, section);
