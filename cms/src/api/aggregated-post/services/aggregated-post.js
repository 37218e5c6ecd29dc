const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::aggregated-post.aggregated-post');
