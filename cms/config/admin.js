// The admin panel is served only when CMS_ADMIN=true (it needs `npm run build` in cms/ first).
// Secrets: ./lib/secrets.js (production refuses to start without them).
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { secret } = require('./lib/secrets');
const { previewConfig } = require('../src/preview');

// Where `strapi build` writes the panel: <dist root>/build, the dist root being dist/ for a
// TypeScript project (cms/ has a tsconfig.json) and the app's folder otherwise.
const PANEL = [join(__dirname, '..', 'dist', 'build', 'index.html'), join(__dirname, '..', 'build', 'index.html')];

/**
 * CMS_ADMIN=true without a built panel: `strapi start` would answer /admin with a 404 and a stack
 * trace, so it refuses to start instead and says what to run (docs/cms.md "The admin panel").
 * `strapi build` and `strapi develop` read this file too and build the panel themselves.
 */
function serveAdminPanel(env) {
  if (!env.bool('CMS_ADMIN', false)) return false;
  if (process.argv.includes('start') && !PANEL.some((file) => existsSync(file))) {
    throw new Error(
      'CMS_ADMIN=true but the admin panel is not built: run `npm run cms:build` first, or set CMS_ADMIN=false for a headless CMS.',
    );
  }
  return true;
}

module.exports = ({ env }) => ({
  serveAdminPanel: serveAdminPanel(env),
  auth: {
    secret: secret(env, 'ADMIN_JWT_SECRET'),
  },
  apiToken: {
    salt: secret(env, 'API_TOKEN_SALT'),
  },
  transfer: {
    token: {
      salt: secret(env, 'TRANSFER_TOKEN_SALT'),
    },
  },
  secrets: {
    encryptionKey: secret(env, 'ENCRYPTION_KEY'),
  },
  // The Preview button opens the Worker's page of the draft (../src/preview.js).
  preview: previewConfig(process.env),
  flags: {
    nps: false,
    promoteEE: false,
  },
});
