const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::label-release.label-release');
