const { corsOrigins } = require('./lib/cors');
const { mediaOrigin } = require('./lib/storage');

// With uploads in a bucket (S3_PUBLIC_URL), the admin panel shows media from that origin, so the
// Content Security Policy allows it for images and audio (Strapi's defaults otherwise).
const media = mediaOrigin(process.env);
const security = media
  ? {
      name: 'strapi::security',
      config: {
        contentSecurityPolicy: {
          useDefaults: true,
          directives: {
            'connect-src': ["'self'", 'https:'],
            'img-src': ["'self'", 'data:', 'blob:', 'https://market-assets.strapi.io', media],
            'media-src': ["'self'", 'data:', 'blob:', media],
            upgradeInsecureRequests: null,
          },
        },
      },
    }
  : 'strapi::security';

module.exports = [
  'strapi::logger',
  'strapi::errors',
  security,
  // Only the configured origins, never '*' (./lib/cors.js).
  { name: 'strapi::cors', config: { origin: corsOrigins(process.env) } },
  'strapi::poweredBy',
  'strapi::query',
  {
    name: 'strapi::body',
    config: {
      formLimit: '60mb',
      jsonLimit: '1mb',
      textLimit: '1mb',
      formidable: { maxFileSize: 60 * 1024 * 1024 },
    },
  },
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];
