// Read-only aggregates for the Worker (docs/decisions/111-cms-aggregates.md), public like the
// content they count (cms/src/seed/permissions.js). Mounted before the core router (cms/src/core-apis.js),
// so /artists/directory is not read as the id of an artist.
module.exports = {
  routes: [{ method: 'GET', path: '/artists/directory', handler: 'api::artist.artist.directory' }],
};
