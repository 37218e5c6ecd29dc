// Headless by default: the Worker is the site; the admin panel is opt-in (docs/cms.md "The admin panel").
const { appKeys } = require('./lib/secrets');
const { scheduledPublishingTasks } = require('../src/scheduled-publishing');

// A variable left blank (as in cms/.env.example) counts as unset.
module.exports = ({ env }) => ({
  host: env('HOST') || '127.0.0.1',
  port: Number(env('PORT') || 1337),
  url: env('PUBLIC_URL') || '',
  // Uploaded media live under <public>/uploads; the tests point this at tests/.artifacts/.
  dirs: {
    public: env('CMS_PUBLIC_DIR') || './public',
  },
  app: {
    keys: appKeys(env),
  },
  // Drafts with a publishAt are published when it comes (src/scheduled-publishing.js): every
  // minute, or on CMS_PUBLISH_CRON (a cron rule with seconds, e.g. '*/2 * * * * *' in the tests).
  cron: {
    enabled: true,
    tasks: scheduledPublishingTasks({ CMS_PUBLISH_CRON: env('CMS_PUBLISH_CRON') }),
  },
});
