const { secret } = require('./lib/secrets');
const { uploadProvider } = require('./lib/storage');

module.exports = ({ env }) => ({
  'users-permissions': {
    config: {
      jwtSecret: secret(env, 'JWT_SECRET'),
    },
  },
  upload: {
    config: {
      // Local disk (<CMS_PUBLIC_DIR>/uploads) unless S3_BUCKET names an S3-compatible bucket
      // (Cloudflare R2 in production): ./lib/storage.js.
      ...uploadProvider(process.env),
      // Artist submissions may carry audio of up to 50 MB (docs/product.md section 3).
      sizeLimit: 60 * 1024 * 1024,
      breakpoints: {},
    },
  },
});
