// Plain SQL that grows a store holding the demo catalogue to a large archive (bench/scale.mjs):
// copies of the demo's posts with new ids, slugs, titles, dates and genre/location links, plus
// mixtapes, releases (with their tracks and links), events and aggregated posts in the demo's
// proportions. Every row goes through the store's triggers as a hand-written INSERT would.

/** Demo rows per 72 posts (content/): the proportions the copies keep. */
const PER_POST = { aggregated: 9 / 72, mixtapes: 15 / 72, releases: 13 / 72, events: 19 / 72 };
/** Copies get ids above this, so the demo's own rows stay as they are. */
const BASE_ID = 1_000_000;
/** One copy every 50 minutes back from the demo's first post: 100,000 posts span ten years. */
const STEP_MINUTES = 50;

const numbers = (from, to) =>
  `WITH RECURSIVE n(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM n WHERE i < ${to - 1})`;
const date = (i, format = "%Y-%m-%dT%H:%M:00.000Z") =>
  `strftime('${format}', '2024-01-01T00:00:00Z', '-' || (${i} * ${STEP_MINUTES}) || ' minutes')`;

/** Demo rows of `table`, numbered k = 0, 1, ... (the source of copy i is row i mod count). */
function seed(table) {
  return `CREATE TABLE IF NOT EXISTS seed_${table} AS
    SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM ${table} WHERE id < ${BASE_ID};`;
}
const src = (table, i) => `seed_${table} s ON s.k = ${i} % (SELECT COUNT(*) FROM seed_${table})`;

/**
 * Copies are written as drafts with their links, then published in one UPDATE: the search
 * triggers index a published row once, where a published row indexed again with each of its
 * genre and location links (docs/operations.md "Bulk loads").
 */
const publish = (table, from, to) =>
  `UPDATE ${table} SET pub_status = 'published' WHERE id >= ${BASE_ID + from} AND id < ${BASE_ID + to};`;

/** The copies i = from .. to-1 of posts, and their share of the other tables. */
export function growSql(from, to) {
  const part = (ratio) => [Math.floor(from * ratio), Math.floor(to * ratio)];
  const [aFrom, aTo] = part(PER_POST.aggregated);
  const [mFrom, mTo] = part(PER_POST.mixtapes);
  const [rFrom, rTo] = part(PER_POST.releases);
  const [eFrom, eTo] = part(PER_POST.events);
  const statements = [
    ...["posts", "aggregated_posts", "mixtapes", "releases", "events"].map(seed),
    `${numbers(from, to)}
     INSERT INTO posts (id, slug, title, artist_name, excerpt, content, post_date, category, cover_image,
       is_featured, audio_platform, primary_audio_url, audio_file, track_title, pub_status)
     SELECT ${BASE_ID} + n.i, p.slug || '-' || n.i, p.title || ' ' || n.i, p.artist_name, p.excerpt, p.content,
       ${date("n.i")}, p.category, p.cover_image, n.i % 20 = 0, p.audio_platform, p.primary_audio_url,
       p.audio_file, p.track_title, 'draft'
     FROM n JOIN ${src("posts", "n.i")} JOIN posts p ON p.id = s.id;`,
    // Genres and locations turned by the copy's number, so every one gets its share.
    `${numbers(from, to)}
     INSERT OR IGNORE INTO post_genres (post_id, genre_id)
     SELECT ${BASE_ID} + n.i, (pg.genre_id + n.i) % (SELECT COUNT(*) FROM genres) + 1
     FROM n JOIN ${src("posts", "n.i")} JOIN post_genres pg ON pg.post_id = s.id;`,
    `${numbers(from, to)}
     INSERT OR IGNORE INTO post_locations (post_id, location_id)
     SELECT ${BASE_ID} + n.i, (pl.location_id + n.i) % (SELECT COUNT(*) FROM locations) + 1
     FROM n JOIN ${src("posts", "n.i")} JOIN post_locations pl ON pl.post_id = s.id;`,
    `${numbers(from, to)}
     INSERT INTO post_tags (post_id, tag)
     SELECT ${BASE_ID} + n.i, t.tag FROM n JOIN ${src("posts", "n.i")} JOIN post_tags t ON t.post_id = s.id;`,
    publish("posts", from, to),
  ];
  if (aTo > aFrom)
    statements.push(`${numbers(aFrom, aTo)}
     INSERT INTO aggregated_posts (id, original_url, title, artist_name, excerpt, content, published_date,
       featured_image, genres, locations, audio, pub_status)
     SELECT ${BASE_ID} + n.i, a.original_url || '?copy=' || n.i, a.title || ' ' || n.i, a.artist_name, a.excerpt,
       a.content, ${date("n.i * 8")}, a.featured_image, a.genres, a.locations, a.audio, 'published'
     FROM n JOIN ${src("aggregated_posts", "n.i")} JOIN aggregated_posts a ON a.id = s.id;`);
  if (mTo > mFrom)
    statements.push(
      `${numbers(mFrom, mTo)}
     INSERT INTO mixtapes (id, slug, title, artist_name, release_date, cover_image, description, tracklist,
       duration, track_count, download_url, external_audio_url, audio_file, audio_platform, is_featured, pub_status)
     SELECT ${BASE_ID} + n.i, m.slug || '-' || n.i, m.title || ' ' || n.i, m.artist_name, ${date("n.i * 5", "%Y-%m-%d")},
       m.cover_image, m.description, m.tracklist, m.duration, m.track_count, m.download_url,
       m.external_audio_url, m.audio_file, m.audio_platform, 0, 'draft'
     FROM n JOIN ${src("mixtapes", "n.i")} JOIN mixtapes m ON m.id = s.id;`,
      `${numbers(mFrom, mTo)}
     INSERT OR IGNORE INTO mixtape_genres (mixtape_id, genre_id)
     SELECT ${BASE_ID} + n.i, (mg.genre_id + n.i) % (SELECT COUNT(*) FROM genres) + 1
     FROM n JOIN ${src("mixtapes", "n.i")} JOIN mixtape_genres mg ON mg.mixtape_id = s.id;`,
      publish("mixtapes", mFrom, mTo),
    );
  if (rTo > rFrom)
    statements.push(
      `${numbers(rFrom, rTo)}
     INSERT INTO releases (id, slug, title, artist_name, release_date, artwork, release_type, total_duration,
       description, credits, catalog_number, is_featured, pub_status)
     SELECT ${BASE_ID} + n.i, r.slug || '-' || n.i, r.title || ' ' || n.i, r.artist_name, ${date("n.i * 6", "%Y-%m-%d")},
       r.artwork, r.release_type, r.total_duration, r.description, r.credits, r.catalog_number, 0, 'published'
     FROM n JOIN ${src("releases", "n.i")} JOIN releases r ON r.id = s.id;`,
      `${numbers(rFrom, rTo)}
     INSERT INTO release_tracks (release_id, track_number, title, artist_name, duration, audio_url,
       audio_platform, is_primary_track, is_featured)
     SELECT ${BASE_ID} + n.i, t.track_number, t.title, t.artist_name, t.duration, t.audio_url, t.audio_platform,
       t.is_primary_track, t.is_featured
     FROM n JOIN ${src("releases", "n.i")} JOIN release_tracks t ON t.release_id = s.id;`,
      `${numbers(rFrom, rTo)}
     INSERT INTO release_purchase_links (release_id, platform, custom_platform_name, url, position)
     SELECT ${BASE_ID} + n.i, l.platform, l.custom_platform_name, l.url, l.position
     FROM n JOIN ${src("releases", "n.i")} JOIN release_purchase_links l ON l.release_id = s.id;`,
    );
  if (eTo > eFrom)
    statements.push(`${numbers(eFrom, eTo)}
     INSERT INTO events (id, slug, title, starts_at, ends_at, timezone, venue, address, city, location_id,
       lineup, description, cover_image, ticket_url, price, status, is_featured, pub_status)
     SELECT ${BASE_ID} + n.i, e.slug || '-' || n.i, e.title || ' ' || n.i, ${date("n.i * 4", "%Y-%m-%dT%H:%M:00+00:00")},
       NULL, e.timezone, e.venue, e.address, e.city, e.location_id, e.lineup, e.description, e.cover_image,
       e.ticket_url, e.price, e.status, 0, 'published'
     FROM n JOIN ${src("events", "n.i")} JOIN events e ON e.id = s.id;`);
  statements.push(
    ...["posts", "aggregated_posts", "mixtapes", "releases", "events"].map((t) => `DROP TABLE seed_${t};`),
  );
  return statements;
}
