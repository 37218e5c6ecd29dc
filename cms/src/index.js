const path = require('node:path');
const { grantPublicPermissions } = require('./seed/permissions');
const { seedCatalogue } = require('./seed/catalogue');
const { ensureApiToken, ensureEditorToken } = require('./seed/api-token');
const { ensurePurgeWebhook } = require('./seed/purge-webhook');
const { artistsFromNames } = require('./seed/artists-from-names');
const { ensureSubmissionKeyIndex } = require('./seed/submission-key');
const { ensureSubscriberConsent } = require('./seed/subscriber-consent');
const { registerSearchUpdater } = require('./search/updater');
const { publishedOnly } = require('./published-only');
const { eventRevisions } = require('./event-revisions');
const { formerSlugs } = require('./former-slugs');
const { coreApis } = require('./core-apis');
const { headlessStartupMessage } = require('./startup-message');

/**
 * Whether to load the demo catalogue (into an empty database only): in production only when
 * CMS_SEED_DEMO=true, so a real deployment never starts with demo posts; elsewhere unless
 * CMS_SEED_DEMO=false.
 */
function seedDemo(env = process.env) {
  const flag = (env.CMS_SEED_DEMO || '').trim();
  return env.NODE_ENV === 'production' ? flag === 'true' : flag !== 'false';
}

module.exports = {
  /**
   * Every content type gets its core controller, service and router (./core-apis.js); requests
   * other than the admin panel's and API tokens' read published content only
   * (./published-only.js); an event's saves count its changes of time, place and status
   * (./event-revisions.js); a save that changes an entry's slug keeps the old one as a former slug
   * (./former-slugs.js); a headless first start does not send anyone to /admin
   * (./startup-message.js).
   */
  register({ strapi }) {
    coreApis(strapi);
    publishedOnly(strapi);
    eventRevisions(strapi);
    formerSlugs(strapi);
    headlessStartupMessage(strapi);
  },

  /**
   * Runs on every boot, idempotently: the public role's permissions (read only), subscribers
   * from before double opt-in confirmed (./seed/subscriber-consent.js), the Worker's
   * API token (CMS_API_TOKEN) and an editor token (CMS_EDITOR_TOKEN) when set, the demo
   * catalogue when the database has no content yet and seedDemo() says so, once per database the
   * artists made from the names of content made before artists (./seed/artists-from-names.js), then the Worker's
   * cache purge webhook when CROSSFADE_PURGE_URL is set. The webhook comes after the catalogue
   * so that loading it does not send the Worker a purge per entry; the Meilisearch updater
   * (MEILISEARCH_HOST, src/search/updater.js) comes after it for the same reason.
   */
  async bootstrap({ strapi }) {
    await grantPublicPermissions(strapi);
    await ensureSubmissionKeyIndex(strapi);
    await ensureSubscriberConsent(strapi);
    await ensureApiToken(strapi, process.env.CMS_API_TOKEN);
    await ensureEditorToken(strapi, process.env.CMS_EDITOR_TOKEN);
    if (seedDemo()) {
      await seedCatalogue(strapi, {
        file: path.resolve(__dirname, '..', 'data', 'catalogue.json'),
        mediaDir: path.resolve(__dirname, '..', process.env.CATALOGUE_MEDIA_DIR || '../public'),
        contentDir: path.resolve(__dirname, '..', process.env.CATALOGUE_CONTENT_DIR || '../content'),
      });
    }
    await artistsFromNames(strapi);
    await ensurePurgeWebhook(strapi);
    registerSearchUpdater(strapi);
  },
};
