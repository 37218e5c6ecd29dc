const path = require('node:path');

// SQLite by default (DATABASE_FILENAME relative to cms/ or absolute); the tests point it at a
// fresh file under tests/.artifacts/.
module.exports = ({ env }) => ({
  connection: {
    client: 'sqlite',
    connection: {
      filename: path.resolve(__dirname, '..', env('DATABASE_FILENAME', '.tmp/data.db')),
    },
    useNullAsDefault: true,
  },
});
