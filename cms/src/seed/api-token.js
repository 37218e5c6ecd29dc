// API tokens kept from environment variables, so operators and the tests configure both sides
// with one value each. A custom token whose secret is exactly the variable's value is created
// on the first boot and updated on every later one (same name, same permissions).
//
// - CMS_API_TOKEN → 'crossfade-worker': the Worker lists submissions and changes their status
//   with it (they hold artists' e-mail addresses, so those routes are not public).
// - CMS_EDITOR_TOKEN → 'crossfade-editor': read and write on the content types through the
//   Content API, for scripts and the tests (a PUT publishes, which fires the purge webhook).
//   Leave it unset unless something automated edits content.
const CONTENT = ['blog-post', 'aggregated-post', 'genre', 'location', 'mixtape', 'label-release', 'event'];

const TOKENS = {
  worker: {
    name: 'crossfade-worker',
    description: 'Used by the Crossfade Worker for the submissions admin endpoints',
    permissions: [
      'api::submission.submission.find',
      'api::submission.submission.findOne',
      'api::submission.submission.updateStatus',
    ],
  },
  editor: {
    name: 'crossfade-editor',
    description: 'Content API read and write on the content types (scripts, tests)',
    permissions: CONTENT.flatMap((t) =>
      ['find', 'findOne', 'create', 'update', 'delete'].map((a) => `api::${t}.${t}.${a}`),
    ),
  },
};

async function ensureToken(strapi, { name, description, permissions }, secret) {
  if (!secret) return;
  const tokens = strapi.service('admin::api-token');
  const encryption = strapi.service('admin::encryption');
  let token = await strapi.db.query('admin::api-token').findOne({ where: { name } });
  if (!token) {
    token = await tokens.create({
      name,
      description,
      type: 'custom',
      kind: 'content-api',
      lifespan: null,
      permissions,
    });
  }
  await strapi.db.query('admin::api-token').update({
    where: { id: token.id },
    data: { accessKey: tokens.hash(secret), encryptedKey: encryption.encrypt(secret) },
  });
}

/** The Worker's token (CMS_API_TOKEN). */
const ensureApiToken = (strapi, secret) => ensureToken(strapi, TOKENS.worker, secret);
/** The editor token (CMS_EDITOR_TOKEN). */
const ensureEditorToken = (strapi, secret) => ensureToken(strapi, TOKENS.editor, secret);

module.exports = { ensureApiToken, ensureEditorToken };
