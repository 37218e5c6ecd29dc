// POST /api/email-subscribers/subscribe (docs/product.md section 7), public.
module.exports = {
  routes: [
    {
      method: 'POST',
      path: '/email-subscribers/subscribe',
      handler: 'api::email-subscriber.email-subscriber.subscribe',
    },
  ],
};
