const { factories } = require('@strapi/strapi');

const UID = 'api::email-subscriber.email-subscriber';

function text(value) {
  if (value === undefined || value === null) return null;
  const s = String(value).trim();
  return s === '' ? null : s;
}

module.exports = factories.createCoreController(UID, ({ strapi }) => ({
  /**
   * Newsletter sign-up from the site footer. A repeat address (any letter case) is not an error:
   * it keeps the first sign-up as it is and answers exactly as a new one (status and message),
   * so nobody learns whether an address is on the list (docs/security.md).
   */
  async subscribe(ctx) {
    const body = ctx.request.body ?? {};
    const input = body.data && typeof body.data === 'object' ? body.data : body;
    const email = text(input.email)?.toLowerCase();
    if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      return ctx.badRequest('Please enter a valid email address');
    }
    const existing = await strapi.documents(UID).findFirst({ filters: { email: { $eqi: email } } });
    if (!existing) {
      await strapi.documents(UID).create({
        data: {
          email,
          firstName: text(input.firstName),
          lastName: text(input.lastName),
          city: text(input.city),
          source: text(input.source) ?? 'website_footer',
          subscribedAt: new Date().toISOString(),
        },
      });
    }
    ctx.status = 201;
    return { message: 'Successfully subscribed!' };
  },
}));
