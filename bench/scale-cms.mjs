// `npm run bench -- scale-cms [--posts 10000]`: CMS mode at an archive's size. Starts Postgres and
// the real Strapi 5 of cms/ (production, headless) as the Strapi lane does
// (scripts/strapi-lane.mjs), lets it load the demo catalogue through its document service, then
// grows it to 10,000 published posts and the other types in the demo's proportions with batched
// SQL that writes the rows Strapi writes (bench/scale-cms-grow.mjs), and checks that Strapi reads
// the grown documents exactly as the seeded ones: the REST list's totals, and each type's first
// and last copy through REST (`populate=*`) and through the admin panel's API (the draft and the
// published version, and the list's total) equal to the seeded document it copies but for its
// id, slug, title and dates. Then:
// - the Worker's production build in CMS mode (CMS_URL through a counting proxy in front of
//   Strapi) answers the routes of the D1 scale bench (bench/scale-routes.mjs) cold (no KV, page
//   cache off) and warm (KV and page cache on, each URL asked twice): its time, and the Strapi
//   requests it made and the time Strapi took for them (the proxy's clock, summed) per request;
// - Strapi's REST list paging as the adapter asks it (its populate, newest first): page 1 against
//   a middle and the last page, 15 and 100 a page;
// - a full `npm run search:sync` of the grown Strapi into the Meilisearch stand-in
//   (tests/stand-ins/meilisearch/sync-into.ts): time, batches and their sizes, and whether the stand-in holds
//   exactly the published documents.
// The tables replace the "Scale, CMS mode" section of bench/results.md. Run it under flock.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import { join } from "node:path";
import { ensureCmsDeps, startCms } from "../scripts/cms.mjs";
import { build, migrateDatabase, ROOT, serve } from "../scripts/lib.mjs";
import { startPostgres } from "../scripts/postgres.mjs";
import { GROWN, growCms, openPostgres } from "./scale-cms-grow.mjs";
import { measure, median, replaceSection, routes } from "./scale-routes.mjs";
import { uncachedConfig } from "./server.mjs";

const argv = process.argv.slice(2);
const POSTS = argv.includes("--posts") ? Number(argv[argv.indexOf("--posts") + 1]) : 10_000;
/** The section of bench/results.md to write (`--section "Scale, CMS mode, before"` for another build). */
const SECTION = argv.includes("--section") ? argv[argv.indexOf("--section") + 1] : "Scale, CMS mode";
/** Ports of this bench (away from the Strapi lane's, which takes free ephemeral ones). */
const BASE_PORT = Number(process.env.SCALE_CMS_PORT ?? 9400);
const PORTS = { pg: BASE_PORT + 1, cms: BASE_PORT + 2, worker: BASE_PORT + 3, proxy: BASE_PORT + 4 };
const REPEAT = 5;
const ARTIFACTS = join(ROOT, "tests", ".artifacts", "scale-cms");
const log = (s) => console.log(`[scale-cms] ${s}`);
const seconds = (t0) => (performance.now() - t0) / 1000;

/** REST plural of each grown type. */
const PLURAL = {
  "api::blog-post.blog-post": "blog-posts",
  "api::aggregated-post.aggregated-post": "aggregated-posts",
  "api::mixtape.mixtape": "mixtapes",
  "api::label-release.label-release": "label-releases",
  "api::event.event": "events",
};

/**
 * A proxy in front of Strapi that counts the Worker's requests and the time Strapi took to answer
 * each (first byte to last, on the proxy's clock). `take()` returns and resets the tally.
 */
async function countingProxy(target, port) {
  let tally = { requests: 0, ms: 0, paths: [] };
  let inFlight = 0;
  let lastDone = performance.now();
  const server = createServer((req, res) => {
    const started = performance.now();
    inFlight++;
    const upstream = httpRequest(
      {
        host: "127.0.0.1",
        port: new URL(target).port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.once("end", () => {
          inFlight--;
          lastDone = performance.now();
          tally.requests++;
          tally.ms += performance.now() - started;
          tally.paths.push(req.url);
        });
      },
    );
    upstream.once("error", (error) => {
      inFlight--;
      res.writeHead(502);
      res.end(String(error));
    });
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    /** Resolves once no request has been open for `quiet` ms (the Worker's background work done). */
    async idle(quiet = 500) {
      while (inFlight > 0 || performance.now() - lastDone < quiet)
        await new Promise((r) => setTimeout(r, 50));
    },
    take() {
      const out = tally;
      tally = { requests: 0, ms: 0, paths: [] };
      return out;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function getJson(url, headers = {}) {
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`${res.status} from ${url}: ${(await res.text()).slice(0, 200)}`);
  return res.json();
}

/** The document without what a copy changes: ids at any depth, and `changed` at the top. */
function comparable(doc, changed = new Set()) {
  if (Array.isArray(doc)) return doc.map((d) => comparable(d));
  if (doc === null || typeof doc !== "object") return doc;
  return Object.fromEntries(
    Object.entries(doc)
      .filter(([key]) => key !== "id" && !changed.has(key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)))
      .map(([key, value]) => [key, comparable(value)]),
  );
}

/** Throws unless Strapi's REST and admin API read copies as they read the seeded documents. */
async function checkGrown(cmsUrl, pgUrl, grown) {
  const db = await openPostgres(pgUrl);
  const admin = await adminJwt(cmsUrl);
  const auth = { Authorization: `Bearer ${admin}` };
  const checked = [];
  try {
    for (const t of GROWN) {
      const plural = PLURAL[t.uid];
      const total = (await getJson(`${cmsUrl}/api/${plural}?pagination[pageSize]=1`)).meta.pagination.total;
      if (total !== grown.grown[t.table])
        throw new Error(
          `${plural}: REST lists ${total} published, the database holds ${grown.grown[t.table]}`,
        );
      const docs = Number((await db.query(`SELECT COUNT(DISTINCT document_id) AS n FROM ${t.table}`))[0].n);
      const listed = await getJson(
        `${cmsUrl}/content-manager/collection-types/${t.uid}?page=1&pageSize=10`,
        auth,
      );
      if (listed.pagination.total !== docs)
        throw new Error(`${t.uid}: the admin lists ${listed.pagination.total} documents of ${docs}`);
      const changed = new Set([
        ...Object.keys(t.changes),
        ...["document_id", "slug", "title", "created_at", "updated_at", "published_at"],
      ]);
      const copies = grown.copies[t.table];
      const seeded = grown.seeded[t.table];
      for (const copy of [0, copies - 1]) {
        const [{ copy_id: copyId, seed_id: seedId }] = await db.query(
          `SELECT substr(md5($1 || ':' || $2::int), 1, 24) AS copy_id,
            (SELECT document_id FROM ${t.table} WHERE published_at IS NOT NULL GROUP BY document_id
             ORDER BY MIN(id) OFFSET $3 LIMIT 1) AS seed_id`,
          [t.table, copy, copy % seeded],
        );
        const reads = [
          ["REST", (id) => `${cmsUrl}/api/${plural}/${id}?populate=*`, {}],
          ["admin draft", (id) => `${cmsUrl}/content-manager/collection-types/${t.uid}/${id}`, auth],
          [
            "admin published",
            (id) => `${cmsUrl}/content-manager/collection-types/${t.uid}/${id}?status=published`,
            auth,
          ],
        ];
        for (const [what, at, headers] of reads) {
          const [a, b] = await Promise.all([getJson(at(seedId), headers), getJson(at(copyId), headers)]);
          const left = JSON.stringify(comparable(a.data, changed));
          const right = JSON.stringify(comparable(b.data, changed));
          if (left !== right)
            throw new Error(
              `${t.uid} copy ${copy} (${copyId}) reads differently from ${seedId} (${what}):\n${left.slice(0, 400)}\n${right.slice(0, 400)}`,
            );
          if (b.meta?.availableStatus && b.meta.availableStatus.length !== a.meta.availableStatus.length)
            throw new Error(
              `${t.uid} copy ${copy}: ${what} has ${b.meta.availableStatus.length} other versions`,
            );
        }
        checked.push(copyId);
      }
    }
  } finally {
    await db.close();
  }
  return checked.length;
}

/** The first admin's session token (register, as a fresh Strapi offers). */
async function adminJwt(cmsUrl) {
  const res = await fetch(`${cmsUrl}/admin/register-admin`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      email: "scale-bench@crossfade.test",
      password: "Scale-bench-1-password",
      firstname: "Scale",
      lastname: "Bench",
    }),
  });
  const body = await res.json();
  if (!body.data?.token)
    throw new Error(`No admin token from Strapi (${res.status}): ${JSON.stringify(body)}`);
  return body.data.token;
}

/** The routes through the Worker, cold then warm, with the Strapi requests each made. */
async function measureRoutes(proxy, workerState, cmsToken, routeList) {
  const table = [];
  const failures = [];
  for (const warm of [false, true]) {
    const server = await serve({
      port: PORTS.worker,
      persistTo: workerState,
      stdio: "ignore",
      vars: { CMS_URL: `${proxy.url}/api`, CMS_API_TOKEN: cmsToken, ...(warm ? {} : { PAGE_CACHE: "off" }) },
      config: warm ? undefined : uncachedConfig(),
    });
    try {
      for (const [name, at] of routeList) {
        const times = [];
        const calls = [];
        const strapiMs = [];
        for (let i = 0; i < REPEAT; i++) {
          const url = `${server.url}${at(i)}`;
          if (warm) await measure(url);
          // What the last request left running in the background (cache writes) is not this one's.
          await proxy.idle();
          proxy.take();
          const m = await measure(url);
          await proxy.idle();
          const tally = proxy.take();
          times.push(m.ms);
          calls.push(tally.requests);
          strapiMs.push(tally.ms);
          if (m.failure) failures.push(`${warm ? "warm" : "cold"} ${at(i)}: ${m.failure}`);
        }
        const row = table.find((r) => r.name === name) ?? { name };
        Object.assign(
          row,
          warm
            ? { warm: median(times), warmCalls: Math.max(...calls) }
            : { cold: median(times), calls: Math.max(...calls), strapi: median(strapiMs) },
        );
        if (!table.includes(row)) table.push(row);
      }
    } finally {
      server.stop();
    }
  }
  return { table, failures };
}

/**
 * The posts /blog?page=k links to, in order, against the ones Postgres puts there: posts and
 * aggregated posts by date, newest first, posts first on a tie, then by id (the adapter's order).
 */
async function checkBlogPages(workerUrl, pgUrl, items) {
  const db = await openPostgres(pgUrl);
  const last = Math.ceil(items / 15);
  const out = [];
  try {
    for (const page of [2, 66, 67, Math.ceil(last / 2), last]) {
      const html = await (await fetch(`${workerUrl}/blog?page=${page}`)).text();
      const shown = [
        ...new Set(
          [...html.matchAll(/href="\/blog\/([a-z0-9-]+)"/g)]
            .map((m) => m[1])
            .filter((slug) => !["genre", "location", "tag", "category"].includes(slug)),
        ),
      ];
      const rows = await db.query(
        `SELECT kind, slug FROM (
           SELECT 0 AS kind, slug, post_date AS d, id FROM blog_posts WHERE published_at IS NOT NULL
           UNION ALL
           SELECT 1, NULL, published_date, id FROM aggregated_posts WHERE published_at IS NOT NULL
         ) items ORDER BY d DESC, kind, id DESC OFFSET $1 LIMIT 15`,
        [(page - 1) * 15],
      );
      const expected = rows.filter((r) => r.kind === 0).map((r) => r.slug);
      const same = shown.length === expected.length && shown.every((slug, i) => slug === expected[i]);
      out.push({ page, same, shown: shown.slice(0, 3), expected: expected.slice(0, 3) });
    }
  } finally {
    await db.close();
  }
  return out;
}

/** Strapi's REST list as the adapter asks it (`query`, from the Worker's own /blog request). */
async function measurePaging(cmsUrl, query, total) {
  const rows = [];
  for (const size of [15, 100]) {
    const last = Math.ceil(total / size);
    for (const [label, page] of [
      ["1", 1],
      [`${Math.ceil(last / 2)} (middle)`, Math.ceil(last / 2)],
      [`${last} (last)`, last],
    ]) {
      const params = new URLSearchParams(query);
      params.set("pagination[page]", String(page));
      params.set("pagination[pageSize]", String(size));
      const times = [];
      let count = 0;
      for (let i = 0; i < REPEAT; i++) {
        const started = performance.now();
        const body = await getJson(`${cmsUrl}/api/blog-posts?${params}`);
        times.push(performance.now() - started);
        count = body.data.length;
      }
      rows.push({ size, label, ms: median(times), count });
    }
  }
  return rows;
}

async function searchSync(cmsUrl, pgUrl) {
  const db = await openPostgres(pgUrl);
  const slugs = async (table) =>
    (await db.query(`SELECT slug FROM ${table} WHERE published_at IS NOT NULL`)).map((r) => r.slug);
  const expected = {
    "blog-post": await slugs("blog_posts"),
    mixtape: await slugs("mixtapes"),
    artist: await slugs("artists"),
  };
  await db.close();
  const file = join(ARTIFACTS, "expected-search.json");
  writeFileSync(file, JSON.stringify(expected));
  const out = spawnSync(
    join(ROOT, "node_modules", ".bin", "tsx"),
    ["tests/stand-ins/meilisearch/sync-into.ts", file],
    {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, CMS_URL: `${cmsUrl}/api` },
      maxBuffer: 1 << 26,
    },
  );
  if (out.status !== 0) throw new Error(`the search sync failed: ${out.stderr}${out.stdout}`);
  return JSON.parse(out.stdout.trim().split("\n").at(-1));
}

// --- the run ---
const started = performance.now();
ensureCmsDeps();
if (!existsSync(join(ROOT, "build", "server", "wrangler.json"))) build();
rmSync(ARTIFACTS, { recursive: true, force: true });
mkdirSync(ARTIFACTS, { recursive: true });
const stops = [];
let status = 1;
try {
  const pg = startPostgres({ port: PORTS.pg });
  stops.push(pg.stop);
  log(`${pg.version} on ${pg.url}`);
  const strapiLog = join(ARTIFACTS, "strapi.log");
  const cms = await startCms({
    port: PORTS.cms,
    dataDir: join(ARTIFACTS, "strapi"),
    log: strapiLog,
    env: { DATABASE_CLIENT: "postgres", DATABASE_URL: pg.url, CMS_SEED_DEMO: "true" },
    timeoutMs: 600_000,
  });
  stops.push(() => cms.stop());
  const seedLine = /Loaded the demo catalogue in ([\d.]+) s/.exec(readFileSync(strapiLog, "utf8"));
  log(`Strapi on ${cms.url}; the demo catalogue loaded by the document service in ${seedLine?.[1] ?? "?"} s`);

  const grown = await growCms(pg.url, POSTS, { log });
  log(`grown in ${grown.seconds.toFixed(1)} s: ${JSON.stringify(grown.grown)}`);
  const checkStarted = performance.now();
  const checked = await checkGrown(cms.url, pg.url, grown);
  log(`${checked} copies read by REST and the admin as their seeds (${seconds(checkStarted).toFixed(1)} s)`);

  const proxy = await countingProxy(cms.url, PORTS.proxy);
  stops.push(() => proxy.close());
  const workerState = join(ARTIFACTS, "worker-state");
  migrateDatabase(workerState);
  const db = await openPostgres(pg.url);
  const one = async (sql) => (await db.query(sql)).map((r) => Object.values(r));
  const posts = grown.grown.blog_posts;
  const postSlugs = (
    await one("SELECT slug FROM blog_posts WHERE published_at IS NOT NULL ORDER BY random() LIMIT 50")
  ).map((r) => r[0]);
  const releaseSlugs = (
    await one("SELECT slug FROM label_releases WHERE published_at IS NOT NULL ORDER BY random() LIMIT 50")
  ).map((r) => r[0]);
  const genres = (
    await one(`SELECT g.slug, COUNT(*)::int FROM blog_posts_genres_lnk l JOIN genres g ON g.id = l.genre_id
      JOIN blog_posts p ON p.id = l.blog_post_id AND p.published_at IS NOT NULL
      GROUP BY g.slug ORDER BY 2 DESC LIMIT 5`)
  ).map(([slug, n]) => [slug, Number(n)]);
  await db.close();
  const routeList = routes(posts, genres, {
    mixtapes: grown.grown.mixtapes,
    releases: grown.grown.label_releases,
  }).map(([name, at]) => [
    name,
    (i) =>
      at(i)
        .replace(/\{post (\d+)\}/, (_, n) => postSlugs[Number(n) % postSlugs.length])
        .replace(/\{release (\d+)\}/, (_, n) => releaseSlugs[Number(n) % releaseSlugs.length]),
  ]);
  const { table, failures } = await measureRoutes(proxy, workerState, cms.token, routeList);

  // The adapter's own list query, as the Worker sent it for /blog (its populate and sort).
  const sample = await serve({
    port: PORTS.worker,
    persistTo: workerState,
    stdio: "ignore",
    vars: { CMS_URL: `${proxy.url}/api`, CMS_API_TOKEN: cms.token, PAGE_CACHE: "off" },
    config: uncachedConfig(),
  });
  proxy.take();
  await measure(`${sample.url}/blog`);
  const listed = await checkBlogPages(sample.url, pg.url, posts + grown.grown.aggregated_posts);
  sample.stop();
  const listPath = proxy.take().paths.find((p) => p.startsWith("/api/blog-posts?"));
  const paging = await measurePaging(cms.url, listPath.slice(listPath.indexOf("?") + 1), posts);

  const sync = await searchSync(cms.url, pg.url);
  log(`search sync in ${sync.seconds.toFixed(1)} s`);
  writeSection({ grown, seed: seedLine?.[1], checked, table, failures, paging, sync, posts, listed });
  status = Object.values(sync.indexes).every((i) => i.exact) && listed.every((l) => l.same) ? 0 : 1;
} finally {
  for (const stop of stops.reverse()) await stop();
  log(`finished in ${seconds(started).toFixed(0)} s`);
}
process.exit(status);

function writeSection({ grown, seed, checked, table, failures, paging, sync, posts, listed }) {
  const g = grown.grown;
  const lines = [
    `## ${SECTION}`,
    "",
    `\`npm run bench -- scale-cms\` on ${new Date().toISOString().slice(0, 16)} UTC: Strapi 5 (cms/, production,`,
    "headless) on Postgres, the Worker's production build in CMS mode in front of it. Strapi loaded the",
    `demo catalogue through its document service (${seed ?? "?"} s), then batched SQL grew it to ${posts.toLocaleString("en")} published`,
    `posts, ${g.aggregated_posts.toLocaleString("en")} aggregated posts, ${g.mixtapes.toLocaleString("en")} mixtapes, ${g.label_releases.toLocaleString("en")} releases and ${g.events.toLocaleString("en")} events in ${grown.seconds.toFixed(1)} s (a draft and a`,
    "published row per document, with their link, component and media rows; bench/scale-cms-grow.mjs).",
    `Checked: REST's totals, and ${checked} copies read through REST and the admin API (draft and`,
    "published) exactly as the seeded documents they copy, but for ids, slug, title and dates.",
    "",
    "Median of 5 distinct URLs per class, sequential. Cold: no KV, page cache off. Warm: KV and page",
    "cache on, each URL asked twice. Strapi requests: the most any of the 5 made (a counting proxy",
    "between the Worker and Strapi); Strapi ms: the median of the time Strapi took for them, summed.",
    "D1 rows read are not shown: in CMS mode the Worker reads no content from D1.",
    "",
    "| request | cold ms | Strapi requests | Strapi ms | warm ms | warm Strapi requests |",
    "|---|---:|---:|---:|---:|---:|",
    ...table.map(
      (t) =>
        `| ${t.name} | ${t.cold.toFixed(0)} | ${t.calls} | ${t.strapi.toFixed(0)} | ${t.warm.toFixed(0)} | ${t.warmCalls} |`,
    ),
    "",
    failures.length
      ? `Non-2xx answers: ${failures.map((f) => f.replace(/<!DOCTYPE[\s\S]*/i, "(the HTML page)")).join("; ")}`
      : "Every answer 2xx.",
    "",
    `/blog pages checked against Postgres (the posts of both kinds by date, posts first on a tie): ${listed
      .map(
        (l) =>
          `page ${l.page} ${l.same ? "the same posts in the same order" : `differs (${l.shown.join(", ")} for ${l.expected.join(", ")})`}`,
      )
      .join("; ")}.`,
    "",
    "### Strapi's REST list paging",
    "",
    "`GET /api/blog-posts` with the adapter's populate and sort (newest first), straight to Strapi,",
    "median of 5:",
    "",
    "| page size | page | ms | items |",
    "|---:|---|---:|---:|",
    ...paging.map((p) => `| ${p.size} | ${p.label} | ${p.ms.toFixed(0)} | ${p.count} |`),
    "",
    "### A full search sync",
    "",
    `\`npm run search:sync\` with CMS_URL at the grown Strapi into the Meilisearch stand-in: ${sync.seconds.toFixed(1)} s in all.`,
    "",
    "| index | documents | batches | batch sizes | exactly the published documents |",
    "|---|---:|---:|---|---|",
    ...Object.entries(sync.indexes).map(
      ([uid, i]) =>
        `| ${uid} | ${i.documents} | ${i.batches} | ${compact(i.batchSizes)} | ${i.exact ? "yes" : `no (missing ${i.missing.join(", ")}; unexpected ${i.unexpected.join(", ")})`} |`,
    ),
    "",
  ];
  const section = lines.join("\n");
  console.log(section);
  replaceSection(SECTION, section);
}

/** Batch sizes as "1000 × 9, 930". */
function compact(sizes) {
  const parts = [];
  for (const size of sizes) {
    const last = parts.at(-1);
    if (last && last.size === size) last.n++;
    else parts.push({ size, n: 1 });
  }
  return parts.map((p) => (p.n > 1 ? `${p.size} × ${p.n}` : String(p.size))).join(", ");
}
