// The Worker lists submissions and changes their status with an API token (they hold artists'
// e-mail addresses, so those routes are not public). When CMS_API_TOKEN is set, this keeps a
// custom token named 'crossfade-worker' whose secret is exactly that value, so operators and the
// tests can configure both sides with one variable.
const NAME = 'crossfade-worker';
const PERMISSIONS = [
  'api::submission.submission.find',
  'api::submission.submission.findOne',
  'api::submission.submission.updateStatus',
];

async function ensureApiToken(strapi, secret) {
  if (!secret) return;
  const tokens = strapi.service('admin::api-token');
  const encryption = strapi.service('admin::encryption');
  let token = await strapi.db.query('admin::api-token').findOne({ where: { name: NAME } });
  if (!token) {
    token = await tokens.create({
      name: NAME,
      description: 'Used by the Crossfade Worker for the submissions admin endpoints',
      type: 'custom',
      kind: 'content-api',
      lifespan: null,
      permissions: PERMISSIONS,
    });
  }
  await strapi.db.query('admin::api-token').update({
    where: { id: token.id },
    data: { accessKey: tokens.hash(secret), encryptedKey: encryption.encrypt(secret) },
  });
}

module.exports = { ensureApiToken };
