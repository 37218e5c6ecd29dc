const { factories } = require('@strapi/strapi');
const { publishedTags } = require('../../../aggregates');

module.exports = factories.createCoreController('api::blog-post.blog-post', ({ strapi }) => ({
  /** GET /blog-posts/tags: the tags of published posts, each once (../../../aggregates.js). */
  async tags(ctx) {
    ctx.body = { data: await publishedTags(strapi) };
  },
}));
