// Read-only aggregates for the Worker (docs/decisions/111-cms-aggregates.md), public like the
// content they count (cms/src/seed/permissions.js). The file name sorts before the core router's,
// so /blog-posts/tags is not read as the id of a post.
module.exports = {
  routes: [{ method: 'GET', path: '/blog-posts/tags', handler: 'api::blog-post.blog-post.tags' }],
};
