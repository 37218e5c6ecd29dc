// Visitors read published content only (docs/security.md). The public role may find and findOne
// the content types (./seed/permissions.js), and Strapi's Content API takes `?status=draft` from
// anyone who may find: `GET /api/blog-posts?status=draft` answered drafts to the whole internet.
// This document service middleware makes every read made while answering a request published-only
// (whatever spelling the query used: status, v4's publicationState, arrays), unless the request
// is one of two kinds that may see drafts:
// - an admin-panel request: a route of Strapi's admin API, signed in as an admin (or an admin
//   token), as the content manager is;
// - a Content API request authenticated with an API token (the Worker's, the editor's).
// The kind is read from the route Strapi's router matched (ctx.state.route, set for every route
// Strapi composes, with info.type 'admin' or 'content-api') and the strategy that authenticated
// it, never from the path: the router matches case-insensitively, so `/API/blog-posts` is the
// same route as `/api/blog-posts`, and a test of the path's spelling let drafts out
// (docs/decisions/120-published-only-by-route.md). Anything else inside a request (no route
// matched yet, a route of another type, a public or users-permissions caller) fails closed to
// published. Reads outside any request (bootstrap, seeds, cron) are left as they are.

const READS = new Set(['findMany', 'findOne', 'findFirst', 'count']);

// Scheduled publishing (docs/decisions/153-scheduled-publishing.md): a published version whose
// `publishAt` is still ahead is not shown to anyone reading published content in a request, the
// Worker's API token included; ./scheduled-publishing.js purges the Worker's cache when its time
// comes. Reads outside a request (the publisher's cron task, seeds) see it, as they must.
function notAhead(filters, now) {
  const due = { $or: [{ publishAt: { $null: true } }, { publishAt: { $lte: now } }] };
  return filters ? { $and: [filters, due] } : due;
}

// For each kind of route, the auth strategies whose requests may read drafts. Strategy names are
// Strapi 5's: the admin panel's session ('admin') and admin tokens ('admin-token'); API tokens
// ('content-api-token', 'api-token' in earlier 5.x releases).
const MAY_READ_DRAFTS = {
  admin: new Set(['admin', 'admin-token']),
  'content-api': new Set(['api-token', 'content-api-token']),
};

// True only for a matched admin route authenticated as an admin, or a matched Content API route
// authenticated with an API token; `ctx` is the koa context of the request being answered.
function mayReadDrafts(ctx) {
  const type = ctx.state?.route?.info?.type;
  const strategy = ctx.state?.auth?.strategy?.name;
  return Object.hasOwn(MAY_READ_DRAFTS, type) && MAY_READ_DRAFTS[type].has(strategy);
}

/** Registers the middleware; call it from the app's register() (document middlewares go there). */
function publishedOnly(strapi) {
  strapi.documents.use(async (context, next) => {
    if (READS.has(context.action)) {
      const request = strapi.requestContext.get();
      if (request && !mayReadDrafts(request)) {
        context.params = { ...context.params, status: 'published' };
      }
      const scheduled = strapi.getModel(context.uid)?.attributes?.publishAt;
      if (request && scheduled && context.params?.status === 'published') {
        context.params = {
          ...context.params,
          filters: notAhead(context.params.filters, new Date().toISOString()),
        };
      }
    }
    return next();
  });
}

module.exports = { publishedOnly };
