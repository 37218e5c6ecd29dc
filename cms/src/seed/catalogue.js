// Loads the demo catalogue (cms/data/catalogue.json, written by `npm run cms:catalogue` from the
// content files in content/) into an empty database, so Strapi serves the same content as
// the embedded D1 store. Covers and audio clips are uploaded to the media library from the
// site's public/ folder; drafts stay drafts (only published rows get a published version).
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { SEED_FIELDS } = require('../search/documents.generated');

const MIME = { '.svg': 'image/svg+xml', '.mp3': 'audio/mpeg', '.jpg': 'image/jpeg', '.png': 'image/png' };

const paragraphs = (texts) =>
  (texts ?? []).map((text) => ({ type: 'paragraph', children: [{ type: 'text', text }] }));

function mediaUploader(strapi, mediaDir) {
  const upload = strapi.plugin('upload').service('upload');
  const ids = new Map();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfade-media-'));
  const idOf = async (sitePath) => {
    if (!sitePath) return null;
    if (ids.has(sitePath)) return ids.get(sitePath);
    const source = path.join(mediaDir, sitePath);
    let id = null;
    if (fs.existsSync(source)) {
      // Upload a copy: the upload service must never touch the site's own files.
      const name = path.basename(sitePath);
      const copy = path.join(scratch, name);
      fs.copyFileSync(source, copy);
      const [file] = await upload.upload({
        data: { fileInfo: { name, alternativeText: name } },
        files: {
          filepath: copy,
          originalFilename: name,
          mimetype: MIME[path.extname(name)] ?? 'application/octet-stream',
          size: fs.statSync(copy).size,
        },
      });
      id = file.id;
    }
    ids.set(sitePath, id);
    return id;
  };
  return { idOf, done: () => fs.rmSync(scratch, { recursive: true, force: true }) };
}

async function seedCatalogue(strapi, { file, mediaDir }) {
  if ((await strapi.db.query('api::genre.genre').count()) > 0) return;
  if (!fs.existsSync(file)) {
    strapi.log.warn(`No demo catalogue at ${file}; starting empty.`);
    return;
  }
  const started = Date.now();
  const c = JSON.parse(fs.readFileSync(file, 'utf8'));
  const media = mediaUploader(strapi, mediaDir);
  const docs = (uid) => strapi.documents(uid);
  const statusOf = (row) => (row.pub_status === 'published' ? { status: 'published' } : {});
  // A record's simple fields under their Strapi names, each kind's definition in core/content/
  // (media uploaded, as their ids); the kind's own fields are written below.
  const simple = async (kind, row) => {
    const data = {};
    for (const [column, attribute, isMedia] of SEED_FIELDS[kind]) {
      data[attribute] = isMedia ? await media.idOf(row[column]) : row[column];
    }
    return data;
  };

  const genreDoc = new Map();
  const genreBySlug = new Map();
  for (const g of c.genres) {
    const doc = await docs('api::genre.genre').create({ data: { name: g.name, slug: g.slug } });
    genreDoc.set(g.id, doc.documentId);
    genreBySlug.set(g.slug, doc.documentId);
  }
  const locationDoc = new Map();
  const locationBySlug = new Map();
  for (const l of c.locations) {
    const doc = await docs('api::location.location').create({
      data: { name: l.name, slug: l.slug, type: l.type },
    });
    locationDoc.set(l.id, doc.documentId);
    locationBySlug.set(l.slug, doc.documentId);
  }

  try {
    // Artists before everything that links to them: a published item links to the artist's
    // published version, which must exist when the item is published.
    const artistDoc = new Map();
    for (const a of c.artists ?? []) {
      const doc = await docs('api::artist.artist').create({
        ...statusOf(a),
        data: {
          ...(await simple('artists', a)),
          slug: a.slug,
          bio: a.bio,
          location: a.location_id ? locationDoc.get(a.location_id) : null,
          genres: a.genre_ids.map((id) => genreDoc.get(id)),
          links: [...a.links]
            .sort((x, y) => x.position - y.position || x.id - y.id)
            .map((l) => ({ platform: l.platform, custom_platform_name: l.custom_platform_name, url: l.url })),
          former_slugs: (a.former_slugs ?? []).map((slug) => ({ slug })),
        },
      });
      artistDoc.set(a.id, doc.documentId);
    }
    const artists = (ids) => (ids ?? []).map((id) => artistDoc.get(id)).filter(Boolean);
    // The links of a tracklist's or lineup's entries, one component per entry in entry order.
    const entries = (links) => {
      const byEntry = new Map();
      for (const l of links ?? []) byEntry.set(l.entry, [...(byEntry.get(l.entry) ?? []), l.artist_id]);
      return [...byEntry.entries()]
        .sort((x, y) => x[0] - y[0])
        .map(([entry, ids]) => ({ entry, artists: artists(ids) }));
    };

    for (const p of c.posts) {
      await docs('api::blog-post.blog-post').create({
        ...statusOf(p),
        data: {
          ...(await simple('posts', p)),
          slug: p.slug,
          content: paragraphs(p.content),
          tags: p.tags.map((name) => ({ name })),
          genres: p.genre_ids.map((id) => genreDoc.get(id)),
          locations: p.location_ids.map((id) => locationDoc.get(id)),
          artists: artists(p.artist_ids),
        },
      });
    }

    for (const a of c.aggregatedPosts) {
      await docs('api::aggregated-post.aggregated-post').create({
        ...statusOf(a),
        data: {
          ...(await simple('aggregatedPosts', a)),
          content: paragraphs(a.content),
          genres: a.genres.map((g) => genreBySlug.get(g.slug)).filter(Boolean),
          locations: a.locations.map((l) => locationBySlug.get(l.slug)).filter(Boolean),
          artists: artists(a.artist_ids),
        },
      });
    }

    for (const m of c.mixtapes) {
      await docs('api::mixtape.mixtape').create({
        ...statusOf(m),
        data: {
          ...(await simple('mixtapes', m)),
          slug: m.slug,
          description: m.description,
          tracklist: m.tracklist,
          genres: m.genre_ids.map((id) => genreDoc.get(id)),
          artists: artists(m.artist_ids),
          tracklist_artists: entries(m.track_artists),
        },
      });
    }

    for (const r of c.releases) {
      const trackArtists = new Map(entries(r.track_artists).map((e) => [e.entry, e.artists]));
      await docs('api::label-release.label-release').create({
        ...statusOf(r),
        data: {
          ...(await simple('releases', r)),
          slug: r.slug,
          description: r.description,
          tracks: r.tracks.map((t) => ({
            track_number: t.track_number,
            title: t.title,
            artist_name: t.artist_name,
            duration: t.duration,
            audio_url: t.audio_url,
            audio_platform: t.audio_platform,
            is_primary_track: t.is_primary_track,
            is_featured: t.is_featured,
            artists: trackArtists.get(t.track_number) ?? [],
          })),
          purchase_links: [...r.purchase_links]
            .sort((x, y) => x.position - y.position || x.id - y.id)
            .map((l) => ({ platform: l.platform, custom_platform_name: l.custom_platform_name, url: l.url })),
          artists: artists(r.artist_ids),
        },
      });
    }

    for (const e of c.events) {
      await docs('api::event.event').create({
        ...statusOf(e),
        data: {
          ...(await simple('events', e)),
          slug: e.slug,
          location: e.location_id ? locationDoc.get(e.location_id) : null,
          lineup: e.lineup,
          description: e.description,
          lineup_artists: entries(e.lineup_artists),
        },
      });
    }
  } finally {
    media.done();
  }
  strapi.log.info(`Loaded the demo catalogue in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

module.exports = { seedCatalogue };
