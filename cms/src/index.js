const path = require('node:path');
const { grantPublicPermissions } = require('./seed/permissions');
const { seedCatalogue } = require('./seed/catalogue');
const { ensureApiToken } = require('./seed/api-token');

module.exports = {
  register() {},

  /**
   * Runs on every boot: the public role's permissions (idempotent), an API token for the Worker
   * when CMS_API_TOKEN is set, and the demo catalogue when the database has no content yet
   * (SEED_CATALOGUE=false skips it).
   */
  async bootstrap({ strapi }) {
    await grantPublicPermissions(strapi);
    await ensureApiToken(strapi, process.env.CMS_API_TOKEN);
    if (process.env.SEED_CATALOGUE !== 'false') {
      await seedCatalogue(strapi, {
        file: path.resolve(__dirname, '..', 'data', 'catalogue.json'),
        mediaDir: path.resolve(__dirname, '..', process.env.CATALOGUE_MEDIA_DIR || '../public'),
      });
    }
  },
};
