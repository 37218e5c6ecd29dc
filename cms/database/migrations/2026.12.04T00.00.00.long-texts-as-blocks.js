'use strict';

// Every long text a document (docs/decisions/149-every-long-text-a-document.md): mixtape,
// release and event descriptions, release credits and artists' bios were text fields (the bio
// Markdown) and are blocks now, as a post's body is. Strapi runs this once, before it syncs the
// tables with the schemas, so the column is jsonb (Postgres) by the time the sync looks at it and
// no text is lost: each paragraph between blank lines becomes one paragraph block, as the site
// showed them (the bio's Markdown was shown as its text, and stays so).

const COLUMNS = [
  ['mixtapes', 'description'],
  ['label_releases', 'description'],
  ['label_releases', 'credits'],
  ['events', 'description'],
  ['artists', 'bio'],
];

const paragraphs = (text) =>
  text
    .split(/\n[ \t\r]*\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => ({ type: 'paragraph', children: [{ type: 'text', text: part }] }));

/** A stored value as blocks: already blocks (jsonb, or JSON text on SQLite), or paragraphs of text. */
function blocksOf(value) {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') return Array.isArray(value) ? value : null;
  const text = value.trim();
  if (text.startsWith('[')) {
    try {
      const parsed = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed;
    } catch {
      // Text that opens with a bracket: paragraphs, below.
    }
  }
  const blocks = paragraphs(text);
  return blocks.length ? blocks : null;
}

async function columnType(knex, table, column) {
  const { rows } = await knex.raw(
    'SELECT data_type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ? AND column_name = ?',
    [table, column],
  );
  return rows[0]?.data_type ?? null;
}

async function up(knex) {
  const postgres = ['postgres', 'pg', 'postgresql'].includes(knex.client.config.client);
  for (const [table, column] of COLUMNS) {
    // A fresh database has no tables yet: the sync makes them with the new types.
    if (!(await knex.schema.hasTable(table)) || !(await knex.schema.hasColumn(table, column))) continue;
    if (postgres && (await columnType(knex, table, column)) === 'jsonb') continue;
    const stored = await knex(table).select('id', column);
    if (postgres) await knex.raw('ALTER TABLE ?? ALTER COLUMN ?? TYPE jsonb USING NULL', [table, column]);
    for (const row of stored) {
      const blocks = blocksOf(row[column]);
      await knex(table)
        .where({ id: row.id })
        .update({ [column]: blocks === null ? null : JSON.stringify(blocks) });
    }
  }
}

module.exports = { up, blocksOf };
