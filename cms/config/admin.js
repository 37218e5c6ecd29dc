// The admin panel is served only when CMS_ADMIN=true (it needs `npm run build` in cms/ first).
// Secrets: ./lib/secrets.js (production refuses to start without them).
const { secret } = require('./lib/secrets');

module.exports = ({ env }) => ({
  serveAdminPanel: env.bool('CMS_ADMIN', false),
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
  flags: {
    nps: false,
    promoteEE: false,
  },
});
