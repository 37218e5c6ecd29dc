const path = require('node:path');
const { databaseConnection } = require('./lib/storage');

// SQLite by default (DATABASE_FILENAME relative to cms/ or absolute; the tests point it at a
// fresh file under tests/.artifacts/); Postgres with DATABASE_CLIENT=postgres
// (docs/decisions/035-production-cms.md, variables in cms/.env.example).
module.exports = ({ env }) => ({
  connection: databaseConnection(
    process.env,
    path.resolve(__dirname, '..', env('DATABASE_FILENAME') || '.tmp/data.db'),
  ),
});
