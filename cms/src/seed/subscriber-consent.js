const { randomBytes } = require('node:crypto');

/**
 * Subscribers from before double opt-in (docs/decisions/088-strapi-double-opt-in.md): everyone
 * already on the list signed up when there was nothing to confirm, so they stay subscribed,
 * confirmed, their consent dated by their sign-up; each gets the random unsubscribe token the
 * Worker's unsubscribe link names. Plain SQL through Strapi's knex on its own table, so it works
 * the same on Postgres and SQLite; idempotent: runs on every boot and touches only rows still
 * missing something. `columns` are the attributes' column names (Strapi snake-cases them).
 */
async function migrateSubscribers(knex, table, columns = {}) {
  const col = { status: 'status', consentedAt: 'consented_at', subscribedAt: 'subscribed_at', token: 'unsubscribe_token', ...columns };
  if (!(await knex.schema.hasColumn(table, col.status))) return { confirmed: 0, tokens: 0 };
  const confirmed = await knex(table)
    .where((q) => q.whereNull(col.status).orWhere(col.status, 'confirmed'))
    .whereNull(col.consentedAt)
    .update({
      [col.status]: 'confirmed',
      [col.consentedAt]: knex.raw('COALESCE(??, ??)', [col.subscribedAt, 'created_at']),
    });
  let tokens = 0;
  for (;;) {
    const missing = await knex(table).whereNull(col.token).select('id').limit(500);
    if (!missing.length) break;
    for (const { id } of missing) {
      tokens += await knex(table)
        .where({ id })
        .whereNull(col.token)
        .update({ [col.token]: randomBytes(16).toString('hex') });
    }
  }
  return { confirmed, tokens };
}

/** migrateSubscribers on Strapi's database, with the content type's own table and column names. */
async function ensureSubscriberConsent(strapi) {
  const meta = strapi.db.metadata.get('api::email-subscriber.email-subscriber');
  const name = (attribute) => meta.attributes[attribute]?.columnName ?? attribute;
  const done = await migrateSubscribers(strapi.db.connection, meta.tableName, {
    status: name('status'),
    consentedAt: name('consentedAt'),
    subscribedAt: name('subscribedAt'),
    token: name('unsubscribeToken'),
  });
  if (done.confirmed || done.tokens) {
    strapi.log.info(`[crossfade] subscribers: ${done.confirmed} confirmed from before double opt-in, ${done.tokens} unsubscribe tokens made`);
  }
}

module.exports = { ensureSubscriberConsent, migrateSubscribers };
