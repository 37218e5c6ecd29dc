// Read-only aggregates for the Worker (docs/decisions/111-cms-aggregates.md), public like the
// content they count (cms/src/seed/permissions.js). Mounted before the core router (cms/src/core-apis.js),
// so /genres/counts is not read as the id of a genre.
module.exports = {
  routes: [{ method: 'GET', path: '/genres/counts', handler: 'api::genre.genre.counts' }],
};
