// API tokens kept from environment variables, so operators and the tests configure both sides
// with one value each. A custom token whose secret is exactly the variable's value is created
// on the first boot and brought back to this file's name, description and permissions on every
// later one (so an upgrade that changes the permissions reaches existing databases).
//
// - CMS_API_TOKEN → 'crossfade-worker': every write the site makes goes through the Worker with
//   it: submissions (their files included) and the newsletter (sign-ups, confirmations, the
//   export and unsubscribing), since Strapi's public role
//   only reads (./permissions.js, docs/decisions/035-production-cms.md); and listing
//   submissions and changing their status (they hold artists' e-mail addresses). It reads the
//   content types too, as the public role does, so that its `status=draft` reads answer the
//   drafts a preview link opens (../published-only.js lets API tokens read drafts;
//   docs/decisions/154-signed-preview-links.md).
// - CMS_EDITOR_TOKEN → 'crossfade-editor': read and write on the content types through the
//   Content API, for scripts and the tests (a PUT publishes, which fires the purge webhook).
//   Leave it unset unless something automated edits content.
// The content types: one list, kept in ./permissions.js (the public role reads them).
const { CONTENT } = require('./permissions');

// The newsletter's endpoints (../api/email-subscriber/routes/01-subscribe.js): sign-up, double
// opt-in, the export and unsubscribing (docs/decisions/088-strapi-double-opt-in.md).
const NEWSLETTER = [
  'subscribe',
  'state',
  'confirm',
  'unsent',
  'expire',
  'confirmed',
  'pending',
  'count',
  'byToken',
  'unsubscribe',
];

const TOKENS = {
  worker: {
    name: 'crossfade-worker',
    description: "The Crossfade Worker: the site's forms and the submissions admin",
    permissions: [
      'api::submission.submission.create',
      ...NEWSLETTER.map((a) => `api::email-subscriber.email-subscriber.${a}`),
      'api::submission.submission.find',
      'api::submission.submission.findOne',
      'api::submission.submission.updateStatus',
      ...CONTENT.flatMap((t) => [`api::${t}.${t}.find`, `api::${t}.${t}.findOne`]),
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
  } else {
    await tokens.update(token.id, { description, type: 'custom', permissions });
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
