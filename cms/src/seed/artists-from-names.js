// The upgrade of a Strapi database made before artists (docs/decisions/086-artists-from-names-in-the-cms.md),
// as migrations/0008_artists.sql upgrades the embedded store: once per database, on the first
// boot with the artist type, every distinct name (trimmed, exact) on two or more items becomes
// an artist (published, kind person, slugified slug) and every item carrying the name links to
// it: a post's, an aggregated post's, a mixtape's and a release's own name, a tracklist entry's
// artist, a release's track whose artist is not the release's, a lineup entry. An item counts
// once however often it names someone. The text fields stay as they were.
//
// Both versions of a document (draft and published) are linked in place, through the query
// layer: the document service can only change a draft and then publish it, which would publish
// an editor's unfinished draft. A database that has artists already (the demo catalogue, seeded
// just before) is left alone; either way the step is marked done and never runs again.
const { slugsForNames } = require('../search/documents.generated');

const ARTIST = 'api::artist.artist';
const ENTRY = 'artist.entry';
const MARK = { type: 'core', name: 'crossfade' };
const KEY = 'artists-from-names';

const trimmed = (value) => (typeof value === 'string' ? value.trim() : '');

/** What each content type names: its own artists, and the artists of its entries or tracks. */
const SOURCES = [
  { uid: 'api::blog-post.blog-post', select: ['artist_name'], own: (r) => [r.artist_name] },
  { uid: 'api::aggregated-post.aggregated-post', select: ['artist_name'], own: (r) => [r.artist_name] },
  {
    uid: 'api::mixtape.mixtape',
    select: ['artist_name', 'tracklist'],
    own: (r) => [r.artist_name],
    entries: {
      field: 'tracklist_artists',
      of: (r) =>
        (Array.isArray(r.tracklist) ? r.tracklist : []).map((t, i) => [
          typeof t?.position === 'number' ? t.position : i + 1,
          t?.artist,
        ]),
    },
  },
  {
    uid: 'api::label-release.label-release',
    select: ['artist_name'],
    populate: ['tracks'],
    own: (r) => [r.artist_name],
    // A track is linked only when its artist is not the release's (as in the embedded store).
    tracks: (r) => (r.tracks ?? []).filter((t) => trimmed(t.artist_name) !== trimmed(r.artist_name)),
  },
  {
    uid: 'api::event.event',
    select: ['lineup'],
    own: () => [],
    entries: {
      field: 'lineup_artists',
      of: (r) =>
        (Array.isArray(r.lineup) ? r.lineup : []).map((entry, i) => [
          i + 1,
          typeof entry === 'string' ? entry : entry?.name,
        ]),
    },
  },
];

/** Every row (draft and published) of each source, parsed where a JSON column comes as text. */
async function readRows(strapi) {
  const json = (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return null;
    }
  };
  return Promise.all(
    SOURCES.map(async (source) => {
      const rows = await strapi.db.query(source.uid).findMany({
        select: ['id', 'documentId', 'publishedAt', ...source.select],
        ...(source.populate ? { populate: source.populate } : {}),
      });
      return rows.map((r) => ({ ...r, tracklist: json(r.tracklist), lineup: json(r.lineup) }));
    }),
  );
}

/** The names of one row, with where each is: [where, name] ('own', 'entry:<n>', 'track:<id>'). */
function namesOf(source, row) {
  const out = source.own(row).map((name) => ['own', trimmed(name)]);
  for (const [entry, name] of source.entries?.of(row) ?? []) out.push([`entry:${entry}`, trimmed(name)]);
  for (const track of source.tracks?.(row) ?? []) out.push([`track:${track.id}`, trimmed(track.artist_name)]);
  return out.filter(([, name]) => name !== '');
}

/** Makes and links the artists; returns how many it made (0 when the step had run or was not needed). */
async function artistsFromNames(strapi) {
  const store = strapi.store(MARK);
  if (await store.get({ key: KEY })) return 0;
  if ((await strapi.db.query(ARTIST).count()) > 0) {
    await store.set({ key: KEY, value: { at: new Date().toISOString(), made: 0 } });
    return 0;
  }
  const started = Date.now();
  const rowsBySource = await readRows(strapi);
  const items = new Map();
  rowsBySource.forEach((rows, i) => {
    for (const row of rows) {
      for (const [, name] of namesOf(SOURCES[i], row)) {
        if (!items.has(name)) items.set(name, new Set());
        items.get(name).add(`${SOURCES[i].uid}:${row.documentId}`);
      }
    }
  });
  const shared = [...items].filter(([, of]) => of.size >= 2).map(([name]) => name);
  shared.sort();
  // Row ids of each new artist's draft and published versions: each version of an item links
  // to the same version of the artist.
  const artistRows = new Map();
  for (const { name, slug } of slugsForNames(shared, [])) {
    const doc = await strapi.documents(ARTIST).create({ data: { name, slug, kind: 'person' }, status: 'published' });
    const versions = await strapi.db.query(ARTIST).findMany({
      where: { documentId: doc.documentId },
      select: ['id', 'publishedAt'],
    });
    artistRows.set(name, {
      draft: versions.find((v) => !v.publishedAt)?.id,
      published: versions.find((v) => v.publishedAt)?.id,
    });
  }
  for (const [i, rows] of rowsBySource.entries()) {
    const source = SOURCES[i];
    for (const row of rows) {
      const version = row.publishedAt ? 'published' : 'draft';
      const linked = new Map();
      for (const [where, name] of namesOf(source, row)) {
        const id = artistRows.get(name)?.[version];
        if (!id) continue;
        if (!linked.has(where)) linked.set(where, []);
        if (!linked.get(where).includes(id)) linked.get(where).push(id);
      }
      if (linked.size === 0) continue;
      const data = {};
      if (linked.has('own')) data.artists = linked.get('own');
      if (source.entries) {
        const entries = [...linked].filter(([where]) => where.startsWith('entry:'));
        const components = [];
        for (const [where, artists] of entries) {
          const entry = Number(where.slice('entry:'.length));
          const component = await strapi.db.query(ENTRY).create({ data: { entry, artists } });
          components.push({ id: component.id, __pivot: { field: source.entries.field, component_type: ENTRY } });
        }
        if (components.length) data[source.entries.field] = components;
      }
      for (const [where, artists] of linked) {
        if (!where.startsWith('track:')) continue;
        await strapi.db
          .query('release.track')
          .update({ where: { id: Number(where.slice('track:'.length)) }, data: { artists } });
      }
      if (Object.keys(data).length) await strapi.db.query(source.uid).update({ where: { id: row.id }, data });
    }
  }
  await store.set({ key: KEY, value: { at: new Date().toISOString(), made: shared.length } });
  strapi.log.info(
    `[crossfade] artists from names: ${shared.length} made and linked in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return shared.length;
}

module.exports = { artistsFromNames };
