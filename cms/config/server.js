// Headless by default: the Worker is the site; the admin panel is opt-in (README "The CMS").
module.exports = ({ env }) => ({
  host: env('HOST', '127.0.0.1'),
  port: env.int('PORT', 1337),
  url: env('PUBLIC_URL', ''),
  // Uploaded media live under <public>/uploads; the tests point this at tests/.artifacts/.
  dirs: {
    public: env('CMS_PUBLIC_DIR', './public'),
  },
  app: {
    keys: env.array('APP_KEYS', ['crossfade-dev-key-1', 'crossfade-dev-key-2']),
  },
});
