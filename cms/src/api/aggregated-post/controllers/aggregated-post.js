const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::aggregated-post.aggregated-post');
