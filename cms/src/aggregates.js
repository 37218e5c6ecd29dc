// Read-only aggregates the Worker reads in one request each, where Strapi's REST API has no way
// to count or group (docs/decisions/111-cms-aggregates.md): the genres and locations with their
// published posts, the tags of published posts, and the /artists directory's letters and item
// counts. Each is one SQL statement over Strapi's own tables, whatever the archive holds.
//
// Strapi 5 keeps a draft row and a published row per document (`published_at` set on the
// published one only); a published row's relation links and component copies are its own, and
// its relations point at the published rows of their targets. So counting published content is
// counting rows with `published_at IS NOT NULL` and the links that hang off them. Table and
// column names are read from Strapi's model metadata, so a renamed collection still reads right.
// The SQL is plain enough for both databases cms/ runs on (Postgres, SQLite).

const POST = 'api::blog-post.blog-post';
const ARTIST = 'api::artist.artist';
const TAXA = { genres: 'api::genre.genre', locations: 'api::location.location' };

/**
 * Where the artists of each kind of item are linked (as worker/content/strapi/artists.ts reads
 * them through REST): the item's own `artists`, or the `artists` of its components.
 */
const ARTIST_LINKS = [
  { kind: 1, uid: POST, path: ['artists'] },
  { kind: 2, uid: 'api::label-release.label-release', path: ['artists'] },
  { kind: 2, uid: 'api::label-release.label-release', path: ['tracks', 'artists'] },
  { kind: 3, uid: 'api::mixtape.mixtape', path: ['artists'] },
  { kind: 3, uid: 'api::mixtape.mixtape', path: ['tracklist_artists', 'artists'] },
  { kind: 4, uid: 'api::event.event', path: ['lineup_artists', 'artists'] },
];

/** Largest page of the directory, Strapi's REST maxLimit (cms/config/api.js). */
const MAX_PAGE_SIZE = 1000;

function sqlOf(strapi) {
  const knex = strapi.db.connection;
  const schema = strapi.db.getSchemaName?.();
  const quote = (name) => `"${String(name).replace(/"/g, '""')}"`;
  const table = (name) => (schema ? `${quote(schema)}.${quote(name)}` : quote(name));
  const meta = (uid) => strapi.db.metadata.get(uid);
  /** A relation's link table: `from` names the owner's row, `to` the target's. */
  const link = (uid, attribute) => {
    const joinTable = meta(uid).attributes[attribute]?.joinTable;
    if (!joinTable) throw new Error(`${uid}.${attribute} has no link table`);
    return {
      table: table(joinTable.name),
      from: quote(joinTable.joinColumn.name),
      to: quote(joinTable.inverseJoinColumn.name),
      field: joinTable.on?.field,
    };
  };
  const rows = async (sql, bindings = []) => {
    const res = await knex.raw(sql, bindings);
    return Array.isArray(res) ? res : res.rows;
  };
  return { meta, table, link, rows };
}

/** Postgres answers COUNT(*) as a bigint string. */
const count = (value) => Number(value ?? 0);

/**
 * Every genre and every location, each with the number of published posts linked to it (zero
 * included: the Worker drops and orders them as docs/product.md section 7 says).
 */
async function taxonomyCounts(strapi) {
  const { meta, table, link, rows } = sqlOf(strapi);
  const posts = table(meta(POST).tableName);
  const counted = async (relation, columns) => {
    const l = link(POST, relation);
    const select = columns.map((c) => `x.${c}`).join(', ');
    const found = await rows(
      `SELECT ${select}, COUNT(DISTINCT p.id) AS post_count
       FROM ${table(meta(TAXA[relation]).tableName)} x
       LEFT JOIN ${l.table} l ON l.${l.to} = x.id
       LEFT JOIN ${posts} p ON p.id = l.${l.from} AND p.published_at IS NOT NULL
       WHERE x.published_at IS NOT NULL
       GROUP BY ${select}`,
    );
    return found.map(({ post_count, ...taxon }) => ({ ...taxon, id: count(taxon.id), postCount: count(post_count) }));
  };
  const [genres, locations] = await Promise.all([
    counted('genres', ['id', 'name', 'slug']),
    counted('locations', ['id', 'name', 'slug', 'type']),
  ]);
  return { genres, locations };
}

/** The distinct tag names of published posts (component post.tag, repeatable). */
async function publishedTags(strapi) {
  const { meta, table, link, rows } = sqlOf(strapi);
  const c = link(POST, 'tags');
  const found = await rows(
    `SELECT DISTINCT t.name
     FROM ${table(meta(POST).tableName)} p
     JOIN ${c.table} c ON c.${c.from} = p.id AND c.field = ?
     JOIN ${table(meta('post.tag').tableName)} t ON t.id = c.${c.to}
     WHERE p.published_at IS NOT NULL AND t.name IS NOT NULL`,
    [c.field],
  );
  return found.map((r) => r.name);
}

/** One SELECT of (kind, item, artist) for one way of linking artists, limited to `page`. */
function linksOf(sql, { kind, uid, path }) {
  const owner = sql.table(sql.meta(uid).tableName);
  if (path.length === 1) {
    const l = sql.link(uid, path[0]);
    return {
      text: `SELECT ${kind} AS kind, l.${l.from} AS item, l.${l.to} AS artist FROM ${l.table} l
        JOIN page ON page.id = l.${l.to}
        JOIN ${owner} i ON i.id = l.${l.from} WHERE i.published_at IS NOT NULL`,
      bindings: [],
    };
  }
  const [component, relation] = path;
  const c = sql.link(uid, component);
  const componentUid = sql.meta(uid).attributes[component].target;
  const l = sql.link(componentUid, relation);
  return {
    text: `SELECT ${kind} AS kind, c.${c.from} AS item, l.${l.to} AS artist FROM ${c.table} c
      JOIN ${l.table} l ON l.${l.from} = c.${c.to}
      JOIN page ON page.id = l.${l.to}
      JOIN ${owner} i ON i.id = c.${c.from} WHERE c.field = ? AND i.published_at IS NOT NULL`,
    bindings: [c.field],
  };
}

/** A positive integer query parameter, `fallback` when absent; null when malformed. */
function positive(value, fallback) {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * The /artists directory's aggregates for one page of published artists A–Z by slug (the page
 * REST's `sort=slug:asc` gives): how many there are, where each first letter starts (the index
 * of its first artist) and each artist's published items: posts, and distinct releases,
 * mixtapes and events, however often an item names them (as the embedded store counts).
 */
async function artistDirectory(strapi, { page, pageSize }) {
  const sql = sqlOf(strapi);
  const artists = sql.table(sql.meta(ARTIST).tableName);
  const letters = await sql.rows(
    `SELECT s.letter, MIN(s.n) - 1 AS first_index, COUNT(*) AS artist_count FROM
       (SELECT SUBSTR(a.slug, 1, 1) AS letter, ROW_NUMBER() OVER (ORDER BY a.slug) AS n
        FROM ${artists} a WHERE a.published_at IS NOT NULL) s
     GROUP BY s.letter ORDER BY first_index`,
  );
  const total = letters.reduce((sum, l) => sum + count(l.artist_count), 0);
  const parts = ARTIST_LINKS.map((way) => linksOf(sql, way));
  const counted = await sql.rows(
    `WITH page AS (SELECT a.id, a.slug FROM ${artists} a WHERE a.published_at IS NOT NULL
       ORDER BY a.slug LIMIT ? OFFSET ?)
     SELECT page.slug, COUNT(u.item) AS items FROM page LEFT JOIN (
       ${parts.map((p) => p.text).join('\n       UNION\n       ')}
     ) u ON u.artist = page.id GROUP BY page.slug`,
    [pageSize, (page - 1) * pageSize, ...parts.flatMap((p) => p.bindings)],
  );
  return {
    data: counted.map((r) => ({ slug: r.slug, itemCount: count(r.items) })),
    meta: {
      total,
      letters: letters.map((l) => ({ letter: l.letter, first: count(l.first_index) })),
    },
  };
}

/** The koa handler of GET /artists/directory?page=&pageSize= (400 on a malformed page). */
async function artistDirectoryAction(strapi, ctx) {
  const page = positive(ctx.query.page, 1);
  const pageSize = positive(ctx.query.pageSize, 100);
  if (page === null || pageSize === null || pageSize > MAX_PAGE_SIZE) {
    return ctx.badRequest(`page and pageSize must be positive integers, pageSize at most ${MAX_PAGE_SIZE}`);
  }
  ctx.body = await artistDirectory(strapi, { page, pageSize });
}

module.exports = { taxonomyCounts, publishedTags, artistDirectory, artistDirectoryAction, ARTIST_LINKS };
