// Loads the demo catalogue (cms/data/catalogue.json, written by `npm run cms:catalogue` from the
// content files in content/) into an empty database, so Strapi serves the same content as
// the embedded D1 store. Covers and audio clips are uploaded to the media library from the
// site's public/ folder, photos from beside the content files; drafts stay drafts (only published rows get a published version).
// Each kind's content type and fields come from its descriptor (scripts/content/kinds/), through
// SEED_KINDS of the generated bundle; this file only walks them in order.
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { SEED_KINDS } = require('../search/documents.generated');

const MIME = {
  '.svg': 'image/svg+xml',
  '.mp3': 'audio/mpeg',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
};

const paragraphs = (texts) =>
  (texts ?? []).map((text) => ({ type: 'paragraph', children: [{ type: 'text', text }] }));

/**
 * The demo's photos by the name the catalogue gives them (`/media/img/<hash>/<w>x<h>`, the first
 * 24 hex digits of the SHA-256 of the file): every JPEG beside the content files.
 */
function photosByHash(contentDir) {
  const byHash = new Map();
  if (!contentDir || !fs.existsSync(contentDir)) return byHash;
  for (const entry of fs.readdirSync(contentDir, { recursive: true })) {
    const file = path.join(contentDir, String(entry));
    if (!/\.(jpe?g|png|webp|avif)$/i.test(file) || !fs.statSync(file).isFile()) continue;
    const hash = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex').slice(0, 24);
    byHash.set(hash, file);
  }
  return byHash;
}

function mediaUploader(strapi, mediaDir, contentDir) {
  const upload = strapi.plugin('upload').service('upload');
  const ids = new Map();
  const photos = photosByHash(contentDir);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfade-media-'));
  // Uploads the file a site path names (a photo by its hash, else from public/): Strapi's file.
  const uploadOf = async (sitePath, info) => {
    const photo = /^\/media\/img\/([0-9a-f]{24})\//.exec(sitePath);
    // A photo is uploaded as a label would: Strapi records its width and height.
    const source = photo ? photos.get(photo[1]) ?? '' : path.join(mediaDir, sitePath);
    if (!fs.existsSync(source)) return null;
    // Upload a copy: the upload service must never touch the site's own files.
    const name = path.basename(photo ? source : sitePath);
    const copy = path.join(scratch, name);
    fs.copyFileSync(source, copy);
    const [file] = await upload.upload({
      data: { fileInfo: { name, alternativeText: name, ...info } },
      files: {
        filepath: copy,
        originalFilename: name,
        mimetype: MIME[path.extname(name)] ?? 'application/octet-stream',
        size: fs.statSync(copy).size,
      },
    });
    return file;
  };
  const idOf = async (sitePath) => {
    if (!sitePath) return null;
    if (!ids.has(sitePath)) ids.set(sitePath, (await uploadOf(sitePath, {}))?.id ?? null);
    return ids.get(sitePath);
  };
  // A body's images as Strapi's editor holds them: each its own upload, with its alternative
  // text and caption, by the image's site path.
  const figures = async (doc) => {
    const files = new Map();
    for (const block of doc ?? []) {
      if (block.type !== 'image' || files.has(block.src)) continue;
      const file = await uploadOf(block.src, { alternativeText: block.alt, caption: block.caption ?? '' });
      if (file) files.set(block.src, file);
    }
    return files;
  };
  return { idOf, figures, done: () => fs.rmSync(scratch, { recursive: true, force: true }) };
}

async function seedCatalogue(strapi, { file, mediaDir, contentDir }) {
  if ((await strapi.db.query('api::genre.genre').count()) > 0) return;
  if (!fs.existsSync(file)) {
    strapi.log.warn(`No demo catalogue at ${file}; starting empty.`);
    return;
  }
  const started = Date.now();
  const c = JSON.parse(fs.readFileSync(file, 'utf8'));
  const media = mediaUploader(strapi, mediaDir, contentDir);
  const docs = (uid) => strapi.documents(uid);
  // A published row whose publish_at is ahead stays a draft until the publisher's cron task
  // publishes it (../scheduled-publishing.js).
  const statusOf = (row) =>
    row.pub_status === 'published' && !(row.publish_at && Date.parse(row.publish_at) > Date.now())
      ? { status: 'published' }
      : {};
  // A record's simple fields under their Strapi names, each kind's definition in core/content/
  // (media uploaded, as their ids); the kind's own fields come from its `data`.
  const simple = async (fields, row) => {
    const data = {};
    for (const [column, attribute, isMedia] of fields) {
      data[attribute] = isMedia ? await media.idOf(row[column]) : row[column];
    }
    return data;
  };

  // Each kind's document ids by record id and by slug, for the kinds after it to link to.
  const docIds = new Map();
  const slugIds = new Map();
  const artists = (ids) => (ids ?? []).map((id) => docIds.get('artists')?.get(id)).filter(Boolean);
  const ctx = {
    paragraphs,
    figures: media.figures,
    doc: (key, id) => docIds.get(key)?.get(id),
    docBySlug: (key, slug) => slugIds.get(key)?.get(slug),
    artists,
    // The links of a tracklist's or lineup's entries, one component per entry in entry order.
    entries: (links) => {
      const byEntry = new Map();
      for (const l of links ?? []) byEntry.set(l.entry, [...(byEntry.get(l.entry) ?? []), l.artist_id]);
      return [...byEntry.entries()]
        .sort((x, y) => x[0] - y[0])
        .map(([entry, ids]) => ({ entry, artists: artists(ids) }));
    },
  };

  try {
    // In load order: artists before everything that links to them, as a published item links to
    // the artist's published version, which must exist when the item is published.
    for (const kind of SEED_KINDS) {
      const byId = new Map();
      const bySlug = new Map();
      docIds.set(kind.key, byId);
      slugIds.set(kind.key, bySlug);
      for (const row of c[kind.key] ?? []) {
        const doc = await docs(kind.uid).create({
          ...statusOf(row),
          data: { ...(await simple(kind.fields, row)), ...(await kind.data(row, ctx)) },
        });
        byId.set(row.id, doc.documentId);
        if (row.slug) bySlug.set(row.slug, doc.documentId);
      }
    }
  } finally {
    media.done();
  }
  strapi.log.info(`Loaded the demo catalogue in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

module.exports = { seedCatalogue };
