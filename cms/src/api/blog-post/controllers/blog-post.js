const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::blog-post.blog-post');
