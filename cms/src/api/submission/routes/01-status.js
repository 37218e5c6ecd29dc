// PUT /api/submissions/:id/status with { status, adminNotes } (docs/product.md section 7). Not public:
// callers need an API token (docs/decisions/010-strapi-cms.md).
module.exports = {
  routes: [
    {
      method: 'PUT',
      path: '/submissions/:id/status',
      handler: 'api::submission.submission.updateStatus',
    },
  ],
};
