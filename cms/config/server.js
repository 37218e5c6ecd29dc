// Headless by default: the Worker is the site; the admin panel is opt-in (docs/cms.md "The admin panel").
const { appKeys } = require('./lib/secrets');

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
});
