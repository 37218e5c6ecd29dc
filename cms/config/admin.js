// The admin panel is served only when CMS_ADMIN=true (it needs `npm run build` in cms/ first).
module.exports = ({ env }) => ({
  serveAdminPanel: env.bool('CMS_ADMIN', false),
  auth: {
    secret: env('ADMIN_JWT_SECRET', 'crossfade-dev-admin-jwt-secret'),
  },
  apiToken: {
    salt: env('API_TOKEN_SALT', 'crossfade-dev-api-token-salt'),
  },
  transfer: {
    token: {
      salt: env('TRANSFER_TOKEN_SALT', 'crossfade-dev-transfer-token-salt'),
    },
  },
  secrets: {
    encryptionKey: env('ENCRYPTION_KEY', 'crossfade-dev-encryption-key'),
  },
  flags: {
    nps: false,
    promoteEE: false,
  },
});
