// What anyone may do without a token: read published content, nothing else (docs/product.md
// section 6; docs/decisions/035-production-cms.md). Submissions and newsletter sign-ups reach
// Strapi only through the Worker, which sends its API token (./api-token.js); keeping the public
// role read-only means nobody can fill the database or the upload bucket by calling Strapi
// directly, past the Worker's validation and rate limits.
const CONTENT = [
  'blog-post',
  'aggregated-post',
  'genre',
  'location',
  'artist',
  'mixtape',
  'label-release',
  'event',
];

// Read-only aggregates of published content (../aggregates.js; docs/decisions/111-cms-aggregates.md):
// counts and tag names that anyone could work out from the finds above, in one request.
const AGGREGATES = [
  'api::genre.genre.counts',
  'api::blog-post.blog-post.tags',
  'api::artist.artist.directory',
];

const PUBLIC_ACTIONS = [
  ...CONTENT.flatMap((t) => [`api::${t}.${t}.find`, `api::${t}.${t}.findOne`]),
  ...AGGREGATES,
];

// PUBLIC_ACTIONS are the only public permissions kept; everything else is revoked on every
// boot: earlier versions' create on submissions and subscribe, a find or findOne on submissions
// or subscribers granted by hand in the admin panel (artists' and readers' e-mail addresses for
// anyone to read), and Strapi's defaults for the public role (users-permissions register, login
// and password reset: the site has no user accounts).
const kept = new Set(PUBLIC_ACTIONS);

/** Grants PUBLIC_ACTIONS to the public role and revokes every other public permission. */
async function grantPublicPermissions(strapi) {
  const role = await strapi.db
    .query('plugin::users-permissions.role')
    .findOne({ where: { type: 'public' } });
  if (!role) throw new Error('The users-permissions public role is missing');
  const permissions = strapi.db.query('plugin::users-permissions.permission');
  const existing = await permissions.findMany({ where: { role: role.id }, select: ['id', 'action'] });
  const revoked = existing.filter((p) => !kept.has(p.action));
  for (const p of revoked) await permissions.delete({ where: { id: p.id } });
  if (revoked.length) {
    strapi.log.info(`[crossfade] public role: revoked ${revoked.map((p) => p.action).join(', ')}`);
  }
  const have = new Set(existing.map((p) => p.action));
  for (const action of PUBLIC_ACTIONS) {
    if (!have.has(action)) await permissions.create({ data: { action, role: role.id } });
  }
}

module.exports = { grantPublicPermissions, PUBLIC_ACTIONS, AGGREGATES, CONTENT };
