// Visitors read published content only (docs/security.md). The public role may find and findOne
// the content types (./seed/permissions.js), and Strapi's Content API takes `?status=draft` from
// anyone who may find: `GET /api/blog-posts?status=draft` answered drafts to the whole internet.
// This document service middleware makes every read of a Content API request published-only
// unless the request came with an API token (the Worker's, the editor's): whatever spelling the
// query used (status, v4's publicationState, arrays), the document service gets status
// 'published'. The admin panel's requests are not Content API requests and are left alone.

const READS = new Set(['findMany', 'findOne', 'findFirst', 'count']);
// Strapi's names for the Content API's token strategy (5.x calls it content-api-token).
const TOKEN_STRATEGIES = new Set(['api-token', 'content-api-token']);

/** Registers the middleware; call it from the app's register() (document middlewares go there). */
function publishedOnly(strapi) {
  const prefix = strapi.config.get('api.rest.prefix', '/api');
  strapi.documents.use(async (context, next) => {
    if (READS.has(context.action)) {
      const request = strapi.requestContext.get();
      const contentApi = request && (request.path === prefix || request.path.startsWith(`${prefix}/`));
      if (contentApi && !TOKEN_STRATEGIES.has(request.state?.auth?.strategy?.name)) {
        context.params = { ...context.params, status: 'published' };
      }
    }
    return next();
  });
}

module.exports = { publishedOnly };
