module.exports = ({ env }) => ({
  'users-permissions': {
    config: {
      jwtSecret: env('JWT_SECRET', 'crossfade-dev-jwt-secret'),
    },
  },
  upload: {
    config: {
      // Artist submissions may carry audio of up to 50 MB (docs/product.md section 3).
      sizeLimit: 60 * 1024 * 1024,
      breakpoints: {},
    },
  },
});
