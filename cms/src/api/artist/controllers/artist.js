const { factories } = require('@strapi/strapi');
const { artistDirectoryAction } = require('../../../aggregates');

module.exports = factories.createCoreController('api::artist.artist', ({ strapi }) => ({
  /** GET /artists/directory?page=&pageSize=: letters, total and item counts (../../../aggregates.js). */
  directory: (ctx) => artistDirectoryAction(strapi, ctx),
}));
