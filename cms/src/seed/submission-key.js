/**
 * The database's own guard on a submission's key (docs/decisions/068-idempotent-submissions.md):
 * Strapi checks `unique` attributes with a query before it writes, which two requests running at
 * once both pass; a unique index makes the second write fail, and the controller answers it with
 * the first one's submission. Idempotent: runs on every boot.
 */
async function ensureSubmissionKeyIndex(strapi) {
  const knex = strapi.db.connection;
  const table = strapi.db.metadata.get('api::submission.submission').tableName;
  if (!(await knex.schema.hasColumn(table, 'submission_key'))) return;
  await knex.raw(`CREATE UNIQUE INDEX IF NOT EXISTS ${table}_submission_key_unique ON ${table} (submission_key)`);
}

module.exports = { ensureSubmissionKeyIndex };
