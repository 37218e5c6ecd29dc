const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::aggregated-post.aggregated-post');
