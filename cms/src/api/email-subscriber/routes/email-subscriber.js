const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::email-subscriber.email-subscriber');
