// The newsletter's endpoints (docs/product.md section 7; docs/decisions/088-strapi-double-opt-in.md).
// None is public: the Worker calls them with its API token (cms/src/seed/api-token.js). Mounted
// before the core router (cms/src/core-apis.js), so /count and /confirmed are not read as ids.
const handler = (action) => `api::email-subscriber.email-subscriber.${action}`;

module.exports = {
  routes: [
    { method: 'POST', path: '/email-subscribers/subscribe', handler: handler('subscribe') },
    { method: 'GET', path: '/email-subscribers/state/:id', handler: handler('state') },
    { method: 'POST', path: '/email-subscribers/confirm', handler: handler('confirm') },
    { method: 'POST', path: '/email-subscribers/unsent', handler: handler('unsent') },
    { method: 'POST', path: '/email-subscribers/expire', handler: handler('expire') },
    { method: 'GET', path: '/email-subscribers/confirmed', handler: handler('confirmed') },
    { method: 'GET', path: '/email-subscribers/pending', handler: handler('pending') },
    { method: 'GET', path: '/email-subscribers/count', handler: handler('count') },
    // POST: the token rides in the body, never in a URL that access logs and error messages keep.
    { method: 'POST', path: '/email-subscribers/by-token', handler: handler('byToken') },
    { method: 'POST', path: '/email-subscribers/unsubscribe', handler: handler('unsubscribe') },
  ],
};
