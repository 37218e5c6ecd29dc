const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::blog-post.blog-post');
