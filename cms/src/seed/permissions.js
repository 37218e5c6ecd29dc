// What a visitor's Worker may do without a token (docs/product.md section 6; docs/product.md):
// read published content, create a submission, subscribe to the newsletter.
const CONTENT = ['blog-post', 'aggregated-post', 'genre', 'location', 'mixtape', 'label-release', 'event'];

const PUBLIC_ACTIONS = [
  ...CONTENT.flatMap((t) => [`api::${t}.${t}.find`, `api::${t}.${t}.findOne`]),
  'api::submission.submission.create',
  'api::email-subscriber.email-subscriber.subscribe',
];

async function grantPublicPermissions(strapi) {
  const role = await strapi.db
    .query('plugin::users-permissions.role')
    .findOne({ where: { type: 'public' } });
  if (!role) throw new Error('The users-permissions public role is missing');
  const permissions = strapi.db.query('plugin::users-permissions.permission');
  const existing = await permissions.findMany({ where: { role: role.id }, select: ['action'] });
  const have = new Set(existing.map((p) => p.action));
  for (const action of PUBLIC_ACTIONS) {
    if (!have.has(action)) await permissions.create({ data: { action, role: role.id } });
  }
}

module.exports = { grantPublicPermissions, PUBLIC_ACTIONS };
