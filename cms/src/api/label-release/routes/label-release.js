const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::label-release.label-release');
