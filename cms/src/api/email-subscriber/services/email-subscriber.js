const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::email-subscriber.email-subscriber');
