// Read-only aggregates for the Worker (docs/decisions/111-cms-aggregates.md), public like the
// content they count (cms/src/seed/permissions.js). Mounted before the core router (cms/src/core-apis.js),
// so /blog-posts/tags is not read as the id of a post.
module.exports = {
  routes: [{ method: 'GET', path: '/blog-posts/tags', handler: 'api::blog-post.blog-post.tags' }],
};
