const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::label-release.label-release');
