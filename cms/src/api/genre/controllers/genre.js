const { factories } = require('@strapi/strapi');
const { taxonomyCounts } = require('../../../aggregates');

module.exports = factories.createCoreController('api::genre.genre', ({ strapi }) => ({
  /** GET /genres/counts: genres and locations with their published posts (../../../aggregates.js). */
  async counts(ctx) {
    ctx.body = { data: await taxonomyCounts(strapi) };
  },
}));
